import { Button, Flex, Spin } from 'antd';
import { Activity, Suspense, useState } from 'react';
import { appMessages } from '@/app/messages';
import { resolvePage } from '@/app/pageRegistry';
import { PageRouteContext } from '@/shared/routing/pageRoute';
import { useProgress } from '@/app/progress';
import { findRoute, type RouteNode } from '@/shared/routing/routeTree';
import { ErrorBoundary } from '@/shared/components/ErrorBoundary';
import { useMessages } from '@/shared/i18n';
import type { PageTab } from './pageTabs';
import { LazyResult } from '@/shared/components/LazyResult';

function PageLoading() {
  useProgress(true);
  return (
    <Flex justify="center" className="app-page-loading">
      <Spin />
    </Flex>
  );
}

function PageFailed({ retry }: { retry: () => void }) {
  const t = useMessages(appMessages);
  return (
    <LazyResult
      status="error"
      title={t('pageFailed')}
      extra={
        <Button type="primary" onClick={retry}>
          {t('reload')}
        </Button>
      }
    />
  );
}

function CachedPage({ node }: { node: RouteNode }) {
  const Page = resolvePage(node.component);
  return (
    <PageRouteContext value={node}>
      <ErrorBoundary fallback={(retry) => <PageFailed retry={retry} />}>
        <Suspense fallback={<PageLoading />}>
          {/* eslint-disable-next-line react-hooks/static-components -- resolvePage looks the page up in a module-level table; it creates none */}
          <Page />
        </Suspense>
      </ErrorBoundary>
    </PageRouteContext>
  );
}

/**
 * Renders every open tab's page and shows only the current one: the others stay mounted but hidden
 * (React's Activity keeps their state and pauses their effects), so going back to a tab finds it as it
 * was left. A tab is first rendered when first shown: the tabs a page load restores (the workbench's,
 * kept open) cost nothing until opened — a fresh load of an order list no longer fetched and rendered the
 * hidden workbench while its own rows were on their way. Pages marked noKeepAlive are mounted only while shown.
 */
export function PageHost({ tabs, routes, currentPath }: { tabs: readonly PageTab[]; routes: readonly RouteNode[]; currentPath: string }) {
  const keyOf = (tab: PageTab) => `${tab.path}#${tab.version}`;
  const current = tabs.find((tab) => tab.path === currentPath);
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set(current ? [keyOf(current)] : []));
  if (current && !shown.has(keyOf(current))) setShown(new Set(shown).add(keyOf(current)));
  return tabs.map((tab) => {
    const node = findRoute(routes, tab.path);
    const active = tab === current;
    if (!node || (!active && (node.meta.noKeepAlive || !shown.has(keyOf(tab))))) return null;
    return (
      <Activity key={keyOf(tab)} mode={active ? 'visible' : 'hidden'}>
        <CachedPage node={node} />
      </Activity>
    );
  });
}
