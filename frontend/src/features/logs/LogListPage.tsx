import type { ReactNode } from 'react';
import { ListPage, type ListPageProps } from '@/shared/list';
import { LogFilterFields } from './LogFilterFields';
import type { LogFilterValues } from './logQuery';
import { useLogList } from './useLogList';

interface LogListPageProps<T, V> extends Omit<ListPageProps<T, V>, 'list' | 'searchFields'> {
  /** the list call, e.g. /log/request/list */
  path: string;
  /** what the text filter matches on this screen */
  textHint: string;
  /** the user filter's label, when the user is someone particular (the uploader, the author …) */
  userLabel?: string;
  /** the screen's own filters, after the day range, user and text every log has */
  filters?: ReactNode;
}

/** A log screen: the common log filters (and the screen's own), then its rows a page at a time. */
export function LogListPage<T extends object, V extends LogFilterValues = LogFilterValues>({
  path,
  textHint,
  userLabel,
  filters,
  ...page
}: LogListPageProps<T, V>) {
  const list = useLogList<T, V>(path);
  return (
    <ListPage<T, V>
      list={list}
      searchFields={
        <>
          <LogFilterFields userLabel={userLabel} textHint={textHint} />
          {filters}
        </>
      }
      {...page}
    />
  );
}
