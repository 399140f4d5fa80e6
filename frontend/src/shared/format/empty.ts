import dayjs from 'dayjs';

/** What a list or a detail shows where a value is missing. */
export const EMPTY = '----';

/** An instant to the minute (2026-11-21 09:30), or EMPTY. */
export function minuteOrEmpty(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : EMPTY;
}

/** A text, or EMPTY when it is missing or blank. */
export function textOrEmpty(value: string | null | undefined): string {
  return value || EMPTY;
}
