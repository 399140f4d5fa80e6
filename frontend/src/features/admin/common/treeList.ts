import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { ListPageData, PagedList } from '@/shared/list';
import { http } from '@/shared/request';
import { withoutEmptyChildren, type TreeRecord } from './tree';

/** A whole tree the server answers in one piece (`POST path` with the filters), cached under [path, filters]. */
export function treeQuery<T, F extends object>(path: string, filters: F) {
  return queryOptions({ queryKey: [path, filters], queryFn: () => http.post<T[]>(path, filters) });
}

/**
 * A tree screen's data in the shape ListPage takes: the top-level nodes are the rows, paged in the
 * browser (the server sends the tree whole), and the children unfold in the table (leaves without an
 * expand button).
 */
export function useTreeList<T extends TreeRecord<T>, F extends object>(path: string, initialFilters: F, initialPageSize = 50): PagedList<T, F> {
  const client = useQueryClient();
  const [filters, setFilters] = useState<F>(initialFilters);
  const [page, setPageState] = useState({ pageIndex: 1, pageSize: initialPageSize });
  const query = useQuery({ ...treeQuery<T, F>(path, filters), placeholderData: keepPreviousData });
  const data = useMemo<ListPageData<T> | undefined>(
    () =>
      query.data && {
        items: withoutEmptyChildren(query.data),
        ...page,
        totalCount: query.data.length,
        totalPage: Math.ceil(query.data.length / page.pageSize),
      },
    [query.data, page],
  );
  const search = useCallback((next: F) => {
    setFilters(next);
    setPageState((current) => ({ ...current, pageIndex: 1 }));
  }, []);
  const setPage = useCallback((pageIndex: number, pageSize: number) => setPageState({ pageIndex, pageSize }), []);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: [path] }), [client, path]);
  return { data, isFetching: query.isFetching, filters, ...page, search, setPage, refresh };
}
