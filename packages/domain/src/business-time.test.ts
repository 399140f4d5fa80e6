import { describe, expect, it } from 'vitest';
import {
  dayOf,
  dayText,
  fromShanghaiWallClock,
  shanghaiDate,
  shanghaiDay,
  shanghaiEnd,
  shanghaiMinute,
  shanghaiStart,
  todayShanghai,
} from './business-time.js';

describe('business time (Asia/Shanghai)', () => {
  it('is already the next day at 16:00 UTC', () => {
    expect(shanghaiDate(new Date('2026-11-22T15:59:59.999Z'))).toEqual({ yyyy: '2026', MM: '11', dd: '22' });
    expect(shanghaiDate(new Date('2026-11-22T16:00:00Z'))).toEqual({ yyyy: '2026', MM: '11', dd: '23' });
    expect(shanghaiDay(new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
    expect(todayShanghai(new Date('2026-11-22T15:59:59Z'))).toBe('2026-11-22');
  });

  it('turns the year at 16:00 UTC on 31 December', () => {
    expect(shanghaiDate(new Date('2026-12-31T16:00:00Z'))).toEqual({ yyyy: '2027', MM: '01', dd: '01' });
  });

  it('writes moments in Shanghai time to the minute, and nothing for none', () => {
    expect(shanghaiMinute(new Date('2026-11-22T17:30:59Z'))).toBe('2026-11-23 01:30');
    expect(shanghaiMinute(null)).toBe('');
  });

  it('starts a Shanghai day at 16:00 UTC the day before, and ends it 24 hours later', () => {
    expect(shanghaiStart('2026-11-23').toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(shanghaiEnd('2026-11-23').toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(shanghaiStart('2027-01-01').toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });

  it('reads a wall-clock time as Shanghai time, and refuses a date that does not exist', () => {
    expect(fromShanghaiWallClock('2026-11-23 08:05')?.toISOString()).toBe('2026-11-23T00:05:00.000Z');
    expect(fromShanghaiWallClock('2026-11-23')?.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(fromShanghaiWallClock(new Date(Date.UTC(2026, 10, 23, 8, 5)))?.toISOString()).toBe('2026-11-23T00:05:00.000Z');
    expect(fromShanghaiWallClock('2026-02-30')).toBeNull();
    expect(fromShanghaiWallClock('2026-11-23 24:00')).toBeNull();
  });

  it('keeps a date column the calendar day it names', () => {
    expect(dayOf('2026-11-23').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(dayText(dayOf('2026-11-23'))).toBe('2026-11-23');
    expect(dayText(null)).toBeNull();
  });
});
