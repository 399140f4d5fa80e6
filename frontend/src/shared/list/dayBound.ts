import dayjs from 'dayjs';

/**
 * A date picker of a search form that filters by an instant: the form holds the start or the end of the
 * chosen day as ISO 8601 (the filter the server takes), the picker shows the day.
 */
export function dayBound(edge: 'start' | 'end') {
  return {
    getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : undefined }),
    normalize: (value: dayjs.Dayjs | null) => (value ? (edge === 'start' ? value.startOf('day') : value.endOf('day')).toISOString() : undefined),
  };
}
