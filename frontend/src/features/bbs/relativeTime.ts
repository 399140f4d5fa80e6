import dayjs from 'dayjs';
import { translate, type Language } from '@/shared/i18n';
import { bbsMessages } from './messages';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago an instant was (seed 2 section 2.6): just now under 30 s, minutes under an hour, hours
 * under a day, "1 day ago" under two days, else the date.
 */
export function relativeTime(instant: string | Date, language: Language, now: Date = new Date()): string {
  const at = dayjs(instant);
  const elapsed = now.getTime() - at.valueOf();
  if (elapsed < 30 * SECOND) return translate(bbsMessages, 'justNow', undefined, language);
  if (elapsed < HOUR) return translate(bbsMessages, 'minutesAgo', { n: Math.max(1, Math.floor(elapsed / MINUTE)) }, language);
  if (elapsed < DAY) return translate(bbsMessages, 'hoursAgo', { n: Math.floor(elapsed / HOUR) }, language);
  if (elapsed < 2 * DAY) return translate(bbsMessages, 'oneDayAgo', undefined, language);
  return at.format('YYYY-MM-DD');
}
