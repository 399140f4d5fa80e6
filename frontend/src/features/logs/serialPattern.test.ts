import { describe, expect, it } from 'vitest';
import { checkPattern, formatSerial, nextValue, shanghaiDate } from './serialPattern';

describe('checkPattern', () => {
  it('accepts a pattern with one sequence and the date down to the reset period', () => {
    expect(checkPattern('{prefix}{yyMMdd}{seq:4}', 'daily')).toBeNull();
    expect(checkPattern('{prefix}{yyyyMM}-{seq:5}', 'monthly')).toBeNull();
    expect(checkPattern('C{seq:6}', 'never')).toBeNull();
  });

  it('names an unknown placeholder or a stray brace', () => {
    expect(checkPattern('{prefix}{hh}{seq:4}', 'never')).toEqual({ kind: 'token', token: '{hh}' });
    expect(checkPattern('{prefix}{seq:4', 'never')).toEqual({ kind: 'token', token: '{' });
  });

  it('wants exactly one sequence of 1 to 10 digits', () => {
    expect(checkPattern('{prefix}', 'never')).toEqual({ kind: 'seq' });
    expect(checkPattern('{seq:4}{seq:4}', 'never')).toEqual({ kind: 'seq' });
    expect(checkPattern('{seq:11}', 'never')).toEqual({ kind: 'seq' });
    expect(checkPattern('{seq:0}', 'never')).toEqual({ kind: 'seq' });
  });

  it('refuses a daily counter without the day in the number, with an example', () => {
    expect(checkPattern('{yyyyMM}{seq:4}', 'daily')).toEqual({ kind: 'period', example: '{yyMMdd}' });
    expect(checkPattern('{seq:4}', 'yearly')).toEqual({ kind: 'period', example: '{yyyy}' });
  });
});

describe('formatSerial', () => {
  it('writes the prefix, the date and the padded sequence', () => {
    expect(formatSerial('{prefix}{yyMMdd}{seq:4}', 'SB', { yyyy: '2026', MM: '11', dd: '22' }, 7)).toBe('SB2611220007');
  });

  it('lets a counter outgrow its digits rather than repeat', () => {
    expect(formatSerial('{seq:2}', '', { yyyy: '2026', MM: '01', dd: '01' }, 123)).toBe('123');
  });
});

describe('shanghaiDate', () => {
  it('is the calendar date in UTC+8', () => {
    expect(shanghaiDate(new Date('2026-11-21T16:30:00Z'))).toEqual({ yyyy: '2026', MM: '11', dd: '22' });
  });
});

describe('nextValue', () => {
  const today = { yyyy: '2026', MM: '11', dd: '22' };

  it('goes on counting within the current period', () => {
    expect(nextValue({ currentValue: 41, currentPeriod: '20261122' }, 'daily', today)).toBe(42);
    expect(nextValue({ currentValue: 41, currentPeriod: '' }, 'never', today)).toBe(42);
  });

  it('starts again at 1 in a new period, or when the policy changes the period', () => {
    expect(nextValue({ currentValue: 41, currentPeriod: '20261121' }, 'daily', today)).toBe(1);
    expect(nextValue({ currentValue: 41, currentPeriod: '20261122' }, 'monthly', today)).toBe(1);
  });
});
