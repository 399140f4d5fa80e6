import type { ComponentType } from 'react';
import { lazyPage } from '@/app/lazyPage';

/** Pages of this area by the route `component` key the server sends (log/* screens). */
export const logPages: Record<string, ComponentType> = {
  'log/sql': lazyPage(
    () => import('./SqlLogPage'),
    (module) => module.SqlLogPage,
  ),
  'log/request': lazyPage(
    () => import('./RequestLogPage'),
    (module) => module.RequestLogPage,
  ),
  'log/error': lazyPage(
    () => import('./ErrorLogPage'),
    (module) => module.ErrorLogPage,
  ),
  'log/serial': lazyPage(
    () => import('./SerialPage'),
    (module) => module.SerialPage,
  ),
  'log/goods': lazyPage(
    () => import('./GoodsLogPage'),
    (module) => module.GoodsLogPage,
  ),
  'log/files': lazyPage(
    () => import('./FilesLogPage'),
    (module) => module.FilesLogPage,
  ),
  'log/notice': lazyPage(
    () => import('./NoticeLogPage'),
    (module) => module.NoticeLogPage,
  ),
};
