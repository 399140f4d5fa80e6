import { todayShanghai } from '@server/core/business-time';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Form.Item props that keep a DatePicker's value as the server's `YYYY-MM-DD` text, so a search form's
 * values go to the list call as they are.
 */
export const dayField = {
  normalize: (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : undefined),
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : undefined }),
};

/**
 * The report's default period: the first of this month to today, as the business counts days (Shanghai),
 * so a browser in another time zone, or just after midnight UTC, does not start it on the wrong day.
 */
export function defaultReportPeriod(now = new Date()): [Dayjs, Dayjs] {
  const today = todayShanghai(now);
  return [dayjs(`${today.slice(0, 8)}01`), dayjs(today)];
}
