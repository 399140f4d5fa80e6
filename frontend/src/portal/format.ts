import { shanghaiMinute } from '@forwarder/domain';

/** A moment as the business reads it (Shanghai time), to the minute: 2026-11-29 09:30. */
export function shortTime(value: string | null | undefined): string {
  if (!value) return '';
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : shanghaiMinute(time);
}

/** A day column (due dates): the date part only. */
export const dayOf = (value: string | null | undefined) => (value ? value.slice(0, 10) : '');

/** A figure of the server (a decimal string or a number) with its thousands grouped and at most `digits` decimals. */
export function figure(value: number | string | null | undefined, digits = 2): string {
  if (value === null || value === undefined || value === '') return '—';
  const number = Number(value);
  return Number.isFinite(number) ? number.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 }) : String(value);
}
