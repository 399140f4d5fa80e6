import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { http, type Page } from '@/shared/request';

/** A page from the server; the request logs add `totalCapped` when they stop counting. */
export type ListPage<T> = Page<T> & { totalCapped?: boolean };

/** `E`: fields some lists answer beside the page (e.g. totals over every filtered row). */
export interface PagedList<T, F, E extends object = object> {
  data: (ListPage<T> & E) | undefined;
  isFetching: boolean;
  filters: F;
  /** the filters as the server is sent them, where they differ from the search form's values (the log lists): what an export sends */
  sent?: object;
  pageIndex: number;
  pageSize: number;
  /** new filters start again at page 1 */
  search: (filters: F) => void;
  setPage: (pageIndex: number, pageSize: number) => void;
  refresh: () => Promise<void>;
}

interface PagedListOptions<F> {
  /**
   * the filter choosing the rows' shape on a screen that switches between views (the arrears per order,
   * customer or salesman): while another view's page loads, its table shows no rows of the view it left
   */
  view?: keyof F;
}

/**
 * State and data of a server-paged list: `POST path` with the filters plus pageIndex/pageSize, cached by
 * react-query under [path, view, filters, page]. While the next page or the next filters load, the rows
 * shown stay (of the same view only). Every list screen uses it.
 */
export function usePagedList<T, F extends object, E extends object = object>(
  path: string,
  initialFilters: F,
  initialPageSize = 20,
  { view }: PagedListOptions<F> = {},
): PagedList<T, F, E> {
  const client = useQueryClient();
  const [filters, setFilters] = useState<F>(initialFilters);
  const [page, setPageState] = useState({ pageIndex: 1, pageSize: initialPageSize });
  const shown = view === undefined ? null : filters[view];
  const query = useQuery({
    queryKey: [path, shown, filters, page],
    queryFn: () => http.post<ListPage<T> & E>(path, { ...filters, ...page }),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === shown ? keepPreviousData(previous) : undefined),
  });
  const search = useCallback((next: F) => {
    setFilters(next);
    setPageState((current) => ({ ...current, pageIndex: 1 }));
  }, []);
  const setPage = useCallback((pageIndex: number, pageSize: number) => setPageState({ pageIndex, pageSize }), []);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: [path] }), [client, path]);
  return { data: query.data, isFetching: query.isFetching, filters, ...page, search, setPage, refresh };
}
