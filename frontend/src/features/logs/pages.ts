import { lazyPages } from '@/shared/routing/lazyPage';

/** Pages of this area by the route `component` key the server sends (log/* screens; LogListPage is their shared frame, no page). */
export const logPages = lazyPages(import.meta.glob(['./*Page.tsx', '!./LogListPage.tsx']), {
  'log/sql': './SqlLogPage',
  'log/request': './RequestLogPage',
  'log/error': './ErrorLogPage',
  'log/serial': './SerialPage',
  'log/goods': './GoodsLogPage',
  'log/files': './FilesLogPage',
  'log/notice': './NoticeLogPage',
  'log/mail': './MailLogPage',
});
