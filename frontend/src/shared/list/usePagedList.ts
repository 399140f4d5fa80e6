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

/** The page a list opens on. */
export const FIRST_PAGE = { pageIndex: 1, pageSize: 20 } as const;

/** How long a fetched page counts as fresh when a screen mounts (see usePagedList). */
const PAGE_FRESH_MS = 3_000;

/**
 * The query of one page of a list: `POST path` with the filters and the page, cached under
 * [path, view, filters, page]. usePagedList makes it; a screen's prefetch makes the same one ahead of it.
 */
export function pagedListQuery<D>(path: string, filters: object, page: { pageIndex: number; pageSize: number } = FIRST_PAGE, shown: unknown = null) {
  return {
    queryKey: [path, shown, filters, page],
    queryFn: () => http.post<D>(path, { ...filters, ...page }),
  };
}

/**
 * State and data of a server-paged list: `POST path` with the filters plus pageIndex/pageSize, cached by
 * react-query under [path, view, filters, page]. While the next page or the next filters load, the rows
 * shown stay (of the same view only). Every list screen uses it.
 */
export function usePagedList<T, F extends object, E extends object = object>(
  path: string,
  initialFilters: F,
  initialPageSize: number = FIRST_PAGE.pageSize,
  { view }: PagedListOptions<F> = {},
): PagedList<T, F, E> {
  const client = useQueryClient();
  const [filters, setFilters] = useState<F>(initialFilters);
  const [page, setPageState] = useState({ pageIndex: 1, pageSize: initialPageSize });
  const shown = view === undefined ? null : filters[view];
  const query = useQuery({
    ...pagedListQuery<ListPage<T> & E>(path, filters, page, shown),
    // a page fetched moments ago (ahead of the screen by the page registry's prefetch, or by a screen just
    // closed) is shown without asking again; a write invalidates its list (refresh), which refetches at once
    staleTime: PAGE_FRESH_MS,
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
