import type { Dayjs } from 'dayjs';

/** What the common log filter fields hold: a day range, the user picked, the text typed. */
export interface LogFilterValues {
  range?: DayRange;
  userId?: number;
  text?: string;
}

/** The filters every log list call takes: instants (ISO 8601, both ends included), user id, text. */
export interface LogQuery {
  from?: string;
  to?: string;
  userId?: number;
  text?: string;
}

export type DayRange = [Dayjs | null, Dayjs | null] | null | undefined;

/** A range of picked days as instants: the first of the first day and the last of the last day (local time). */
export function dayRange(range: DayRange): { from?: string; to?: string } {
  const [start, end] = range ?? [];
  return { ...(start ? { from: start.startOf('day').toISOString() } : {}), ...(end ? { to: end.endOf('day').toISOString() } : {}) };
}

/**
 * The form's values as the list call's filters: the picked days become the first and the last instant
 * of those days (local time), blank text is no filter; the screen's own fields pass through.
 */
export function toLogQuery<V extends LogFilterValues>(values: V): Omit<V, 'range'> & LogQuery {
  const { range, ...rest } = values;
  const query: Omit<V, 'range'> & LogQuery = { ...rest, ...dayRange(range) };
  const text = typeof rest.text === 'string' ? rest.text.trim() : undefined;
  if (text) query.text = text;
  else delete query.text;
  return query;
}
