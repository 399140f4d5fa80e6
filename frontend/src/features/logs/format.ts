import dayjs from 'dayjs';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** An instant from the server as local date and time; nothing for a missing one. */
export function formatTime(instant: string | null | undefined): string {
  return instant ? dayjs(instant).format(TIME_FORMAT) : '';
}

/** A file size for people: 1 decimal from KB up (none when whole), binary multiples as operating systems show them. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = unit === 0 ? String(value) : String(Math.round(value * 10) / 10);
  return `${rounded} ${UNITS[unit]}`;
}
