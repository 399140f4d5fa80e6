import { lazyPage } from '@/shared/routing/lazyPage';

/** The sign-in page, loaded when first shown (its own chunk of the sign-in's first load, e2e/bundle-budget.e2e.ts). */
export const LazyLoginPage = lazyPage(
  () => import('./LoginPage'),
  (module) => module.LoginPage,
);
