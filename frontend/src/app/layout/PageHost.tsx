import { Button, Flex, Spin } from 'antd';
import { Activity, Suspense } from 'react';
import { appMessages } from '@/app/messages';
import { resolvePage } from '@/app/pageRegistry';
import { PageRouteContext } from '@/app/pageRoute';
import { useProgress } from '@/app/progress';
import { findRoute, type RouteNode } from '@/app/routeTree';
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
 * was left. Pages marked noKeepAlive are mounted only while shown.
 */
export function PageHost({ tabs, routes, currentPath }: { tabs: readonly PageTab[]; routes: readonly RouteNode[]; currentPath: string }) {
  return tabs.map((tab) => {
    const node = findRoute(routes, tab.path);
    const active = tab.path === currentPath;
    if (!node || (!active && node.meta.noKeepAlive)) return null;
    return (
      <Activity key={`${tab.path}#${tab.version}`} mode={active ? 'visible' : 'hidden'}>
        <CachedPage node={node} />
      </Activity>
    );
  });
}
