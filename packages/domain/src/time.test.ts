import { elapsedSince, greetingFor } from './time.js';

describe('greeting', () => {
  it('greets by the hour: before 8, 8–11, 12–13, 14–17, from 18', () => {
    expect([0, 7, 8, 11, 12, 13, 14, 17, 18, 23].map(greetingFor)).toEqual([
      'earlyMorning',
      'earlyMorning',
      'morning',
      'morning',
      'noon',
      'noon',
      'afternoon',
      'afternoon',
      'evening',
      'evening',
    ]);
  });
});

describe('elapsed time', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  const ago = (ms: number) => elapsedSince(now - ms, now);
  it('says just now under 30 s, minutes under an hour, hours under a day, one day under two, else the date', () => {
    expect(ago(29_000)).toEqual({ kind: 'justNow' });
    expect(ago(30_000)).toEqual({ kind: 'minutes', n: 1 });
    expect(ago(59 * 60_000)).toEqual({ kind: 'minutes', n: 59 });
    expect(ago(3_600_000)).toEqual({ kind: 'hours', n: 1 });
    expect(ago(36 * 3_600_000)).toEqual({ kind: 'oneDay' });
    expect(ago(48 * 3_600_000)).toEqual({ kind: 'date' });
  });
});
