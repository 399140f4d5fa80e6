import { Badge, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { findRoute, isExternal, routeTitle, type RouteNode } from '@/shared/routing/routeTree';
import { useLanguage, type Language } from '@/shared/i18n';
import { buildMenu, menuAncestors, selectedMenuKey, type MenuEntry } from './menuTree';
import { menuIcon } from './menuIcon';

type MenuItem = Required<MenuProps>['items'][number];

function toItems(entries: readonly MenuEntry[], language: Language): MenuItem[] {
  return entries.map((entry) => {
    const { meta } = entry.node;
    const label = (
      <span className="app-menu-label">
        {routeTitle(entry.node, language)}
        {meta.badge ? <Badge count={meta.badge} size="small" /> : meta.dot ? <Badge dot /> : null}
      </span>
    );
    if (!entry.children) return { key: entry.key, label, icon: menuIcon(meta.icon) };
    return {
      key: entry.key,
      label,
      icon: menuIcon(meta.icon),
      children: toItems(entry.children, language),
      className: entry.scroll ? 'app-menu-scroll' : undefined,
      popupClassName: entry.scroll ? 'app-menu-scroll-popup' : undefined,
    };
  });
}

interface Props {
  routes: readonly RouteNode[];
  current: RouteNode;
  collapsed: boolean;
  /** The entry of the page being shown was clicked: reload it. */
  onReselect: () => void;
  /** inline in the sidebar (vertical layout) or across the top bar (horizontal layout) */
  mode?: 'inline' | 'horizontal';
}

export function SideMenu({ routes, current, collapsed, onReselect, mode = 'inline' }: Props) {
  const language = useLanguage();
  const navigate = useNavigate();
  const entries = useMemo(() => buildMenu(routes), [routes]);
  const items = useMemo(() => toItems(entries, language), [entries, language]);
  const selected = selectedMenuKey(current);

  // Open the submenus above the page being shown whenever it changes, keeping those the user opened.
  const [openKeys, setOpenKeys] = useState(() => menuAncestors(entries, selected));
  const [openedFor, setOpenedFor] = useState(selected);
  if (openedFor !== selected) {
    setOpenedFor(selected);
    setOpenKeys((keys) => [...new Set([...keys, ...menuAncestors(entries, selected)])]);
  }

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (isExternal(key)) {
      if (findRoute(routes, key)?.meta.target === '_self') window.location.assign(key);
      else window.open(key, '_blank', 'noopener');
    } else if (key === current.path) {
      onReselect();
    } else {
      void navigate(key);
    }
  };

  return (
    <Menu
      mode={mode}
      theme={mode === 'inline' ? 'dark' : 'light'}
      items={items}
      selectedKeys={[selected]}
      // Pop-up submenus (collapsed sidebar, horizontal menu) must not be forced open.
      {...(collapsed || mode === 'horizontal' ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={onClick}
      data-testid="sidebar-menu"
    />
  );
}
