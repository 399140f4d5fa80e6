import { shanghaiDate } from '@forwarder/domain';

/**
 * How documents write dates: in Asia/Shanghai, where the business works (UTC+8 all year, so a fixed
 * offset is exact).
 */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** 'YYYY-MM-DD', the day part of download names ('{date} 标签导出.txt'). */
export function shanghaiDay(instant: Date): string {
  const { yyyy, MM, dd } = shanghaiDate(instant);
  return `${yyyy}-${MM}-${dd}`;
}

/** 'YYYY-MM-DD HH:mm' in Shanghai time; '' for none. */
export function shanghaiMinute(instant: Date | null | undefined): string {
  if (!instant) return '';
  return new Date(instant.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * A wall-clock time read as Shanghai time: 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm[:ss]' text, or a Date whose
 * UTC fields hold the wall clock (what a spreadsheet date cell gives). null when it is not a real time.
 */
export function fromShanghaiWallClock(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime() - SHANGHAI_OFFSET_MS);
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const wall = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (wall.getUTCFullYear() !== year || wall.getUTCMonth() !== month - 1 || wall.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  return new Date(wall.getTime() - SHANGHAI_OFFSET_MS);
}
