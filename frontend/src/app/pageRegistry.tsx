import type { ComponentType } from 'react';
import type { LazyPage, PagePrefetch } from '@/shared/routing/lazyPage';
import { queryClient } from '@/app/queryClient';
import { appMessages } from '@/app/messages';
import { adminPages } from '@/features/admin/pages';
import { customerPages } from '@/features/customers/pages';
import { dictPages } from '@/features/dict/pages';
import { financePages } from '@/features/finance/pages';
import { logPages } from '@/features/logs/pages';
import { orderPageData, orderPages } from '@/features/orders/pages';
import { portPages } from '@/features/ports/pages';
import { pricePages } from '@/features/prices/pages';
import { questionPages } from '@/features/questions/pages';
import { workbenchPages } from '@/features/workbench/pages';
import { usePageRoute } from '@/shared/routing/pageRoute';
import { routeTitle } from '@/shared/routing/routeTree';
import { useLanguage, useMessages } from '@/shared/i18n';
import { LazyResult } from '@/shared/components/LazyResult';

/**
 * The one place a route's `component` key becomes a page. Keys the server sends that have no page yet
 * show a "coming soon" panel inside the layout.
 */
const PAGES: Record<string, LazyPage> = {
  ...workbenchPages,
  ...adminPages,
  ...dictPages,
  ...logPages,
  ...customerPages,
  ...financePages,
  ...orderPages,
  ...portPages,
  ...pricePages,
  ...questionPages,
};

export function resolvePage(component: string): ComponentType {
  return PAGES[component] ?? ComingSoonPage;
}

/** The pages whose first data can be asked for while their code loads. */
const PAGE_DATA: Record<string, PagePrefetch> = { ...orderPageData };

let lastPrefetched = '';

/**
 * Starts loading the chunk of the page a route key names, ahead of its render (nothing for a key without a
 * page), and the data its screen shows first, once per route shown (`path`, `search`).
 */
export function preloadPage(component: string, path: string, search: string): void {
  // the data's small chunk first: the page's own chunks (a list screen's are some hundred) then queue behind it
  const route = `${component} ${path}${search}`;
  if (route !== lastPrefetched) {
    lastPrefetched = route;
    PAGE_DATA[component]?.(queryClient, path, search);
  }
  PAGES[component]?.preload();
}

function ComingSoonPage() {
  const t = useMessages(appMessages);
  const language = useLanguage();
  const node = usePageRoute();
  return <LazyResult status="info" title={t('comingSoon')} subTitle={t('comingSoonHint', { title: routeTitle(node, language) })} data-testid="coming-soon" />;
}
