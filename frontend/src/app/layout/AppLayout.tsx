import { QueryClientProvider } from '@tanstack/react-query';
import { Flex, Layout, Tabs } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { appMessages } from '@/app/messages';
import { preloadPage } from '@/app/pageRegistry';
import { flashProgress } from '@/app/progress';
import { queryClient } from '@/app/queryClient';
import { findRoute, findRouteChain, pageTitle, pinnedRoutes, type RouteNode } from '@/shared/routing/routeTree';
import { useSession } from '@/shared/session/store';
import { useTheme } from '@/app/theme';
import { usePageTitle } from '@/shared/session/usePageTitle';
import { useIsMobile } from '@/shared/hooks/useIsMobile';
import { useLanguage, useMessages } from '@/shared/i18n';
import '@/shared/i18n/dates';
import { Logo } from './Logo';
import { MobileLayout } from './MobileLayout';
import { PageHost } from './PageHost';
import { PasswordChangePage } from './PasswordChangePage';
import { useInertMeasureRows, usePageLinkRoles } from './pageLinkRoles';
import { closeTab, reloadTab, tabAfterClosing, visitTab, type PageTab } from './pageTabs';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import './layout.css';

/**
 * Everything behind sign-in: the route guard has loaded the routes and matched the path before this renders.
 * The signed-in screens' server data comes through react-query, provided here rather than around the whole
 * app so that the sign-in page loads without it.
 */
export function AppLayout() {
  const routes = useSession((state) => state.routes);
  const mustChangePassword = useSession((state) => state.mustChangePassword);
  const { pathname, search } = useLocation();
  const chain = useMemo(() => (routes ? findRouteChain(routes, pathname) : null), [routes, pathname]);
  const isMobile = useIsMobile();
  const language = useLanguage();
  const title = chain && routes ? pageTitle(routes, chain[chain.length - 1], language) : '';
  usePageTitle(title);

  // the server answers nothing else until the password someone else set is changed (guard.ts)
  if (mustChangePassword)
    return (
      <QueryClientProvider client={queryClient}>
        <PasswordChangePage />
      </QueryClientProvider>
    );
  // No chain: the session just ended or the tree changed under the page; the guard redirects next.
  if (!routes || !chain) return null;
  // The page's chunk is asked for before the shell around it renders, not when the render reaches it.
  preloadPage(chain[chain.length - 1].component, pathname, search);
  return (
    <QueryClientProvider client={queryClient}>
      {isMobile ? <MobileLayout title={title} /> : <DesktopLayout routes={routes} chain={chain} />}
    </QueryClientProvider>
  );
}

function DesktopLayout({ routes, chain }: { routes: RouteNode[]; chain: RouteNode[] }) {
  const navigate = useNavigate();
  const language = useLanguage();
  const current = chain[chain.length - 1];
  const horizontal = useTheme().layout === 'horizontal';
  const [collapsed, setCollapsed] = useState(false);
  const t = useMessages(appMessages);
  const strip = useRef<HTMLElement>(null);
  usePageLinkRoles(strip);
  const content = useRef<HTMLElement>(null);
  useInertMeasureRows(content);
  const [tabs, setTabs] = useState<readonly PageTab[]>(() => pinnedRoutes(routes).map((node) => ({ path: node.path, closable: false, version: 0 })));

  // Every page shown gets a tab, in the same render, so its content never waits a frame for the cache.
  const visited = visitTab(tabs, { path: current.path, closable: !current.meta.noClosable });
  if (visited !== tabs) setTabs(visited);

  const reload = () => {
    flashProgress();
    setTabs((open) => reloadTab(open, current.path));
  };

  const close = (path: string) => {
    if (path === current.path) {
      const next = tabAfterClosing(tabs, path);
      if (next) void navigate(next);
    }
    setTabs((open) => closeTab(open, path));
  };

  // Tabs of pages a pushed route tree no longer has are dropped from view.
  const liveTabs = tabs.flatMap((tab) => {
    const node = findRoute(routes, tab.path);
    return node ? [{ tab, node }] : [];
  });

  // The theme's layout: the menu in a sidebar (vertical) or across the top bar (horizontal).
  const horizontalMenu = horizontal ? (
    <Flex align="center" className="app-horizontal-menu">
      <Logo collapsed={false} light />
      <SideMenu routes={routes} current={current} collapsed={false} onReselect={reload} mode="horizontal" />
    </Flex>
  ) : undefined;

  return (
    <Layout className="app-layout" data-layout={horizontal ? 'horizontal' : 'vertical'}>
      {!horizontal && (
        <Layout.Sider collapsible collapsed={collapsed} trigger={null} width={220} className="app-sider">
          <Logo collapsed={collapsed} />
          <div className="app-sider-menu">
            <SideMenu routes={routes} current={current} collapsed={collapsed} onReselect={reload} />
          </div>
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="app-header">
          <TopBar
            routes={routes}
            chain={chain}
            collapsed={collapsed}
            onToggleCollapsed={() => setCollapsed((value) => !value)}
            onRefresh={reload}
            horizontalMenu={horizontalMenu}
          />
        </Layout.Header>
        <nav ref={strip} aria-label={t('openPages')} className="app-tabs-nav">
          <Tabs
            className="app-tabs"
            type="editable-card"
            hideAdd
            size="small"
            activeKey={current.path}
            onChange={(path) => void navigate(path)}
            onEdit={(path, action) => action === 'remove' && typeof path === 'string' && close(path)}
            items={liveTabs.map(({ tab, node }) => ({ key: tab.path, label: pageTitle(routes, node, language), closable: tab.closable }))}
            data-testid="page-tabs"
          />
        </nav>
        <Layout.Content className="app-content" ref={content}>
          <h1 className="app-page-heading">{pageTitle(routes, current, language)}</h1>
          <PageHost tabs={tabs} routes={routes} currentPath={current.path} />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
