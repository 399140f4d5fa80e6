import dayjs from 'dayjs';

/** A server time as the drawer shows it; null when there is none. */
export function formatTime(value: string | null | undefined): string | null {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : null;
}
