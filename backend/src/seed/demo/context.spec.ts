import { calendarDaysBetween, DAY, HOUR } from './context.js';

/** A moment at `hour` o'clock in Shanghai (UTC+8) on 29 November 2026. */
const shanghai = (hour: number) => Date.UTC(2026, 10, 29, hour - 8);

describe('the demo story counts days as the calendar does (Shanghai), whatever the hour of its start', () => {
  it('puts this morning and tonight on the same day, though they are more than half a day apart', () => {
    // a load started at 21:45 with today's first step at 9:00 (12¾ hours) is still on today: day 90 of 90
    expect(calendarDaysBetween(shanghai(9), shanghai(21.75))).toBe(0);
    expect(calendarDaysBetween(shanghai(0), shanghai(23.99))).toBe(0);
  });

  it('puts last night a day before this early morning, though they are hours apart', () => {
    expect(calendarDaysBetween(shanghai(23) - DAY, shanghai(1))).toBe(1);
    expect(calendarDaysBetween(shanghai(17.5) - 89 * DAY, shanghai(8))).toBe(89);
  });

  it('changes day at midnight in Shanghai (16:00 UTC), not at midnight UTC', () => {
    const midnight = Date.UTC(2026, 10, 29, 16);
    expect(calendarDaysBetween(midnight - HOUR / 60, midnight)).toBe(1);
    expect(calendarDaysBetween(Date.UTC(2026, 10, 29, 0, 30), Date.UTC(2026, 10, 28, 23, 30))).toBe(0);
  });
});
