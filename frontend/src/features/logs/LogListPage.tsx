import type { ReactNode } from 'react';
import { useMessages } from '@/shared/i18n';
import { ListPage, type ListPageProps } from '@/shared/list';
import { LogFilterFields } from './LogFilterFields';
import type { LogFilterValues } from './logQuery';
import { logMessages } from './messages';
import { useLogList } from './useLogList';

/** The log screens that list rows a page at a time. */
export type LogScreen = 'sql' | 'request' | 'error' | 'goods' | 'files' | 'notice' | 'mail';

interface LogListPageProps<T, V> extends Omit<ListPageProps<T, V>, 'list' | 'searchFields' | 'testId'> {
  /** the screen: it lists /log/<screen>/list, says what its text filter matches (<screen>TextHint) and is tested as log-<screen> */
  screen: LogScreen;
  /** the user filter's label, when the user is someone particular (the uploader, the author …) */
  userLabel?: string;
  /** the screen's own filters, after the day range, user and text every log has */
  filters?: ReactNode;
  /** its rows belong to requests: filtered by request id too */
  traced?: boolean;
}

/** A log screen: the common log filters (and the screen's own), then its rows a page at a time. */
export function LogListPage<T extends object, V extends LogFilterValues = LogFilterValues>({
  screen,
  userLabel,
  filters,
  traced,
  ...page
}: LogListPageProps<T, V>) {
  const t = useMessages(logMessages);
  const list = useLogList<T, V>(`/log/${screen}/list`);
  return (
    <ListPage<T, V>
      list={list}
      testId={`log-${screen}`}
      exportPath={`/log/${screen}/list/export`}
      searchFields={
        <>
          <LogFilterFields userLabel={userLabel} textHint={t(`${screen}TextHint`)} traced={traced} />
          {filters}
        </>
      }
      {...page}
    />
  );
}
