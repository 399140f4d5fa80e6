import type { ComponentType } from 'react';
import { lazyPage } from '@/app/lazyPage';

/** Pages of this area by the route `component` key the server sends (port/list, shared by the six port routes). */
export const portPages: Record<string, ComponentType> = {
  'port/list': lazyPage(
    () => import('./PortListPage'),
    (module) => module.PortListPage,
  ),
};
