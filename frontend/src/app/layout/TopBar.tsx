import { MenuFoldOutlined, MenuUnfoldOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Flex, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { appMessages } from '@/app/messages';
import { routeTitle, type RouteNode } from '@/shared/routing/routeTree';
import { useLoginSettings } from '@/shared/session/loginSettings';
import { useTheme } from '@/app/theme';
import { NoticeBell } from '@/features/admin/shell';
import { IssueReminderBell } from '@/features/issue-board/shell';
import { LabelPrintButton, TaskBell } from '@/features/orders/shell';
import { LanguageSwitch } from '@/shared/components/LanguageSwitch';
import { lazyOpenDialog } from '@/shared/components/lazyDialog';
import { useLanguage, useMessages } from '@/shared/i18n';
import { AvatarMenu } from './AvatarMenu';
import { ErrorLogButton } from './ErrorLogButton';
import { FullScreenButton } from './FullScreenButton';
import { ThemeButton } from './ThemeDrawer';

const SearchDialog = lazyOpenDialog(async () => (await import('./SearchDialog')).SearchDialog);

interface Props {
  routes: readonly RouteNode[];
  /** The current page with its ancestors, root first. */
  chain: readonly RouteNode[];
  collapsed: boolean;
  onToggleCollapsed: () => void;
  onRefresh: () => void;
  /** The horizontal layout: the logo and the menu take the place of the collapse button and breadcrumb. */
  horizontalMenu?: ReactNode;
}

export function TopBar({ routes, chain, collapsed, onToggleCollapsed, onRefresh, horizontalMenu }: Props) {
  const t = useMessages(appMessages);
  const language = useLanguage();
  const [searching, setSearching] = useState(false);
  const theme = useTheme();
  const demo = useLoginSettings()?.demo === true;
  const crumbs = chain
    .filter((node) => !node.meta.hidden && !node.meta.breadcrumbHidden)
    .map((node) => ({ key: node.path, title: routeTitle(node, language) }));

  return (
    <Flex align="center" justify="space-between" gap={8} className="app-top-bar">
      {horizontalMenu ?? (
        <Flex align="center" gap={8}>
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={collapsed ? t('expandMenu') : t('collapseMenu')}
            onClick={onToggleCollapsed}
          />
          <Breadcrumb separator=">" items={crumbs} />
        </Flex>
      )}
      <Flex align="center" gap={4} className="app-top-bar-tools">
        {demo ? (
          <Tag color="orange" title={t('demoDataHint')} data-testid="demo-mark">
            {t('demoData')}
          </Tag>
        ) : null}
        <ErrorLogButton />
        {theme.showSearch && (
          <Button
            type="text"
            icon={<SearchOutlined />}
            aria-label={t('search')}
            title={t('search')}
            onClick={() => setSearching(true)}
            data-testid="topbar-search"
          />
        )}
        <LabelPrintButton />
        {theme.showNotice && <NoticeBell label={t('notices')} />}
        {theme.showNotice && <IssueReminderBell />}
        <TaskBell />
        {theme.showFullScreen && <FullScreenButton />}
        {theme.showLanguage && <LanguageSwitch label={t('language')} />}
        {theme.showRefresh && (
          <Button type="text" icon={<ReloadOutlined />} aria-label={t('refresh')} title={t('refresh')} onClick={onRefresh} data-testid="topbar-refresh" />
        )}
        <ThemeButton />
        <AvatarMenu />
      </Flex>
      <SearchDialog open={searching} routes={routes} onClose={() => setSearching(false)} />
    </Flex>
  );
}
