/** Rules of time as the screens word it: the greeting of the hour and how long ago something was. */

export type Greeting = 'earlyMorning' | 'morning' | 'noon' | 'afternoon' | 'evening';

/** The greeting for an hour of the day (0–23): before 8, 8–11, 12–13, 14–17, from 18. */
export function greetingFor(hour: number): Greeting {
  if (hour < 8) return 'earlyMorning';
  if (hour < 12) return 'morning';
  if (hour < 14) return 'noon';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago, as the screens word it; `date` means the date itself is shown. */
export type Elapsed = { kind: 'justNow' } | { kind: 'minutes'; n: number } | { kind: 'hours'; n: number } | { kind: 'oneDay' } | { kind: 'date' };

/**
 * How long ago an instant was (seed 2 section 2.6): just now under 30 s, minutes under an hour, hours
 * under a day, "1 day ago" under two days, else the date.
 */
export function elapsedSince(instantMs: number, nowMs: number): Elapsed {
  const elapsed = nowMs - instantMs;
  if (elapsed < 30 * SECOND) return { kind: 'justNow' };
  if (elapsed < HOUR) return { kind: 'minutes', n: Math.max(1, Math.floor(elapsed / MINUTE)) };
  if (elapsed < DAY) return { kind: 'hours', n: Math.floor(elapsed / HOUR) };
  if (elapsed < 2 * DAY) return { kind: 'oneDay' };
  return { kind: 'date' };
}
