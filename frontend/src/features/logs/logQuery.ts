import type { Dayjs } from 'dayjs';

/** What the common log filter fields hold: a day range, the user picked, the text typed, a request id (request and exception logs). */
export interface LogFilterValues {
  range?: DayRange;
  userId?: number;
  text?: string;
  requestId?: string;
}

/** The filters every log list call takes: instants (ISO 8601, both ends included), user id, text, request id. */
export interface LogQuery {
  from?: string;
  to?: string;
  userId?: number;
  text?: string;
  requestId?: string;
}

export type DayRange = [Dayjs | null, Dayjs | null] | null | undefined;

/** A range of picked days as instants: the first of the first day and the last of the last day (local time). */
export function dayRange(range: DayRange): { from?: string; to?: string } {
  const [start, end] = range ?? [];
  return { ...(start ? { from: start.startOf('day').toISOString() } : {}), ...(end ? { to: end.endOf('day').toISOString() } : {}) };
}

/**
 * The form's values as the list call's filters: the picked days become the first and the last instant
 * of those days (local time), texts are trimmed (a request id is often pasted with spaces) and blank
 * ones are no filter; the screen's own fields pass through.
 */
export function toLogQuery<V extends LogFilterValues>(values: V): Omit<V, 'range'> & LogQuery {
  const { range, ...rest } = values;
  const query: Omit<V, 'range'> & LogQuery = { ...rest, ...dayRange(range) };
  for (const field of ['text', 'requestId'] as const) {
    const value = typeof rest[field] === 'string' ? rest[field].trim() : undefined;
    if (value) query[field] = value;
    else delete query[field];
  }
  return query;
}
