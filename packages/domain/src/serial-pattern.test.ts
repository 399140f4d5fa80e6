import { patternMessage, checkPattern, formatSerial, nextValue, periodOf } from './serial-pattern.js';

describe('serial number patterns', () => {
  it('puts a number in the period of its reset policy', () => {
    const date = { yyyy: '2026', MM: '03', dd: '07' };
    expect(periodOf('daily', date)).toBe('20260307');
    expect(periodOf('monthly', date)).toBe('202603');
    expect(periodOf('yearly', date)).toBe('2026');
    expect(periodOf('never', date)).toBe('');
  });

  describe('writing a number', () => {
    const date = { yyyy: '2026', MM: '03', dd: '07' };

    it('fills every date placeholder and pads the sequence', () => {
      expect(formatSerial('{prefix}{yyMMdd}{seq:4}', 'SB', date, 7)).toBe('SB2603070007');
      expect(formatSerial('{prefix}-{yyyy}-{MM}-{dd}/{seq:3}', 'X', date, 12)).toBe('X-2026-03-07/012');
      expect(formatSerial('{yy}{yyyyMM}{yyyyMMdd}{seq:1}', '', date, 5)).toBe('26202603202603075');
    });

    it('lets a counter that outgrows its digits get longer rather than repeat', () => {
      expect(formatSerial('{prefix}{seq:2}', 'C', date, 123)).toBe('C123');
    });
  });

  describe('checking a pattern', () => {
    it('accepts the seeded patterns with their policies', () => {
      expect(checkPattern('{prefix}{yyMMdd}{seq:4}', 'daily')).toBeNull();
      expect(checkPattern('{prefix}{yyyyMM}{seq:5}', 'monthly')).toBeNull();
      expect(checkPattern('{prefix}{seq:6}', 'never')).toBeNull();
    });

    it('accepts literal text between placeholders and separate date parts', () => {
      expect(checkPattern('INV-{yyyy}/{MM}/{dd}-{seq:3}', 'daily')).toBeNull();
    });

    it('refuses an unknown placeholder or a stray brace', () => {
      expect(checkPattern('{prefix}{yyyymmdd}{seq:4}', 'never')).toEqual({ kind: 'token', token: '{yyyymmdd}' });
      expect(checkPattern('{prefix}{seq:4', 'never')).toEqual({ kind: 'token', token: '{' });
      expect(checkPattern('{prefix}}{seq:4}', 'never')).toEqual({ kind: 'token', token: '}' });
    });

    it('needs exactly one {seq:N} with N from 1 to 10', () => {
      expect(checkPattern('{prefix}{yyyy}', 'never')).toEqual({ kind: 'seq' });
      expect(checkPattern('{seq:3}{seq:3}', 'never')).toEqual({ kind: 'seq' });
      expect(checkPattern('{seq:0}', 'never')).toEqual({ kind: 'seq' });
      expect(checkPattern('{seq:11}', 'never')).toEqual({ kind: 'seq' });
      expect(checkPattern('{seq}', 'never')).toEqual({ kind: 'seq' });
      expect(checkPattern('{seq:10}', 'never')).toBeNull();
    });

    it('needs the date down to the reset period, or numbers would repeat', () => {
      expect(checkPattern('{prefix}{seq:4}', 'daily')).toEqual({ kind: 'period', example: '{yyMMdd}' });
      expect(checkPattern('{prefix}{yyyyMM}{seq:4}', 'daily')).toEqual({ kind: 'period', example: '{yyMMdd}' });
      expect(checkPattern('{prefix}{MM}{seq:4}', 'monthly')).toEqual({ kind: 'period', example: '{yyyyMM}' });
      expect(checkPattern('{prefix}{seq:4}', 'yearly')).toEqual({ kind: 'period', example: '{yyyy}' });
      expect(checkPattern('{prefix}{yy}{seq:4}', 'yearly')).toBeNull();
    });
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

describe('the message of a pattern, as the server and the form give it', () => {
  it.each([
    ['', 'daily', { key: 'serialPatternRequired' }],
    ['X'.repeat(101), 'never', { key: 'serialPatternLength' }],
    ['SB{yyyy}{seq:4}{foo}', 'yearly', { key: 'serialPatternToken', params: { token: '{foo}' } }],
    ['SB{yyyy}', 'yearly', { key: 'serialPatternSeq' }],
    ['SB{yyyy}{seq:4}', 'daily', { key: 'serialPatternPeriod', params: { example: '{yyMMdd}' } }],
    ['SB{yyyy}{MM}{dd}{seq:4}', 'daily', null],
  ] as const)('%s reset %s → %o', (pattern, policy, message) => {
    expect(patternMessage(pattern, policy)).toEqual(message);
  });
});
