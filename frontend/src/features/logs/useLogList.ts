import { usePagedList, type PagedList } from '@/shared/list';
import { toLogQuery, type LogFilterValues } from './logQuery';

/**
 * A log list: `usePagedList` fed with the search form's values turned into the call's filters (the day
 * range becomes from/to instants). ListPage talks to it in form values.
 */
export function useLogList<T, V extends LogFilterValues = LogFilterValues>(path: string): PagedList<T, V> {
  const list = usePagedList<T, object>(path, {});
  return { ...list, filters: {} as V, sent: list.filters, search: (values: V) => list.search(toLogQuery(values)) };
}
