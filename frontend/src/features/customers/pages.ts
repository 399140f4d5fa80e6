import type { ComponentType } from 'react';
import { lazyPage } from '@/app/lazyPage';

/** Pages of this area by the route `component` key the server sends (customers/add and the shared customers/list screen). */
export const customerPages: Record<string, ComponentType> = {
  'customers/add': lazyPage(
    () => import('./CustomerAddPage'),
    (module) => module.CustomerAddPage,
  ),
  'customers/list': lazyPage(
    () => import('./CustomerListPage'),
    (module) => module.CustomerListPage,
  ),
};
