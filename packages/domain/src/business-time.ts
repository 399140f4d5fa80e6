/**
 * Business time: the company works in Shanghai, so "today" for a number, a report, a charge or an import,
 * and every date a document or a message writes, is Shanghai's, wherever the server or the browser runs.
 * The one place that knows the zone: nothing else adds an offset by hand. Pure and without imports, so the
 * web client imports it too (from this package).
 */
export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';

// China keeps UTC+8 all year (no daylight saving since 1991), so a fixed offset is exact, and cheaper than Intl.
const OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** An instant as the wall clock in Shanghai reads it, ISO-formatted: 'YYYY-MM-DDTHH:mm:ss.sssZ' without the Z meaning UTC. */
const wallClock = (instant: Date) => new Date(instant.getTime() + OFFSET_MS).toISOString();

/** A calendar date in Shanghai, in the parts a serial number pattern writes. */
export interface LocalDate {
  yyyy: string;
  MM: string;
  dd: string;
}

export function shanghaiDate(instant: Date): LocalDate {
  const [yyyy, MM, dd] = wallClock(instant).slice(0, 10).split('-');
  return { yyyy, MM, dd };
}

/** The Shanghai day of an instant, 'YYYY-MM-DD'. */
export const shanghaiDay = (instant: Date) => wallClock(instant).slice(0, 10);

/** Today in Shanghai, 'YYYY-MM-DD'. */
export const todayShanghai = (now = new Date()) => shanghaiDay(now);

/** 'YYYY-MM-DD HH:mm' in Shanghai time; '' for none. */
export function shanghaiMinute(instant: Date | null | undefined): string {
  if (!instant) return '';
  return wallClock(instant).slice(0, 16).replace('T', ' ');
}

/** The first instant of a Shanghai day ('YYYY-MM-DD'), and the first instant after it. */
export const shanghaiStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
export const shanghaiEnd = (day: string) => new Date(shanghaiStart(day).getTime() + DAY_MS);

/**
 * A wall-clock time read as Shanghai time: 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm[:ss]' text, or a Date whose
 * UTC fields hold the wall clock (what a spreadsheet date cell gives). null when it is not a real time.
 */
export function fromShanghaiWallClock(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime() - OFFSET_MS);
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const wall = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (wall.getUTCFullYear() !== year || wall.getUTCMonth() !== month - 1 || wall.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  return new Date(wall.getTime() - OFFSET_MS);
}

/** A 'YYYY-MM-DD' day as the Date Prisma stores in a date column (a calendar day, no zone: midnight UTC). */
export const dayOf = (day: string) => new Date(`${day}T00:00:00Z`);
/** A date column back as 'YYYY-MM-DD'. */
export const dayText = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);
