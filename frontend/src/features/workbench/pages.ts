import { lazyPage } from '@/shared/routing/lazyPage';

/** Pages of this area by the route `component` key the server sends: the workbench, the signed-in user's home. */
export const workbenchPages = {
  index: lazyPage(
    () => import('./WorkbenchPage'),
    (module) => module.WorkbenchPage,
  ),
};
