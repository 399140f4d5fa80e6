import type { Menu } from '../../generated/prisma/client.js';

/** A node of the route tree the web client builds its routes and sidebar from (docs/api.md). */
export interface RouteNode {
  path: string;
  name: string;
  component: string;
  redirect?: string;
  meta: {
    title: string;
    titleEn: string;
    icon?: string;
    hidden?: boolean;
    levelHidden?: boolean;
    breadcrumbHidden?: boolean;
    noClosable?: boolean;
    noKeepAlive?: boolean;
    badge?: string;
    dot?: boolean;
    target?: string;
    activeMenu?: string;
    permission?: string;
    guard?: { role: string[]; mode: 'oneOf' };
  };
  children?: RouteNode[];
}

export interface Viewer {
  isSuperAdmin: boolean;
  roleCodes: string[];
  permissionCodes: string[];
}

/** Whether a viewer passes a menu node's own guards (permission code and role guard). */
export function canSee(menu: Pick<Menu, 'permission' | 'roleGuard'>, viewer: Viewer): boolean {
  if (viewer.isSuperAdmin) return true;
  if (menu.permission && !viewer.permissionCodes.includes(menu.permission)) return false;
  if (menu.roleGuard.length && !menu.roleGuard.some((role) => viewer.roleCodes.includes(role))) return false;
  return true;
}

function toRoute(menu: Menu, children: RouteNode[]): RouteNode {
  const meta: RouteNode['meta'] = { title: menu.title, titleEn: menu.titleEn ?? menu.title };
  if (menu.icon) meta.icon = menu.icon;
  if (menu.hidden) meta.hidden = true;
  if (menu.levelHidden) meta.levelHidden = true;
  if (menu.breadcrumbHidden) meta.breadcrumbHidden = true;
  if (menu.noClosable) meta.noClosable = true;
  if (menu.noKeepAlive) meta.noKeepAlive = true;
  if (menu.badge) meta.badge = menu.badge;
  if (menu.dot) meta.dot = true;
  if (menu.target) meta.target = menu.target;
  if (menu.activeMenu) meta.activeMenu = menu.activeMenu;
  if (menu.permission) meta.permission = menu.permission;
  if (menu.roleGuard.length) meta.guard = { role: menu.roleGuard, mode: 'oneOf' };
  const node: RouteNode = { path: menu.path, name: menu.name ?? '', component: menu.component ?? (menu.type === 'directory' ? 'Layout' : ''), meta };
  if (menu.redirect) node.redirect = menu.redirect;
  if (children.length) node.children = children;
  return node;
}

/**
 * Builds the route tree from menu rows: buttons are left out (they guard actions, not routes), nodes the
 * viewer may not see are dropped with their subtrees, and a directory left without children is dropped.
 * `granted` (menu ids the viewer's roles hold) limits non-super-admins further.
 */
export function buildRouteTree(menus: Menu[], viewer: Viewer, granted?: Set<number>): RouteNode[] {
  const byParent = new Map<number | null, Menu[]>();
  for (const menu of menus) {
    if (menu.type === 'button') continue;
    const siblings = byParent.get(menu.parentId) ?? [];
    siblings.push(menu);
    byParent.set(menu.parentId, siblings);
  }
  const build = (parentId: number | null): RouteNode[] =>
    (byParent.get(parentId) ?? [])
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .flatMap((menu) => {
        if (!canSee(menu, viewer)) return [];
        const children = build(menu.id);
        if (menu.type === 'directory') return children.length ? [toRoute(menu, children)] : [];
        if (granted && !viewer.isSuperAdmin && !granted.has(menu.id)) return [];
        return [toRoute(menu, children)];
      });
  return build(null);
}

/** A menu row with its children: the admin screen's tree (buttons included). */
export type MenuTreeNode = Menu & { children?: MenuTreeNode[] };

/**
 * The whole menu tree, siblings by sort. With `matches`, only the nodes that match or lead to one are
 * kept; a matching node keeps its whole subtree, so searching a directory shows what is in it.
 */
export function buildMenuTree(menus: Menu[], matches?: (menu: Menu) => boolean): MenuTreeNode[] {
  const byParent = new Map<number | null, Menu[]>();
  for (const menu of menus) {
    const siblings = byParent.get(menu.parentId) ?? [];
    siblings.push(menu);
    byParent.set(menu.parentId, siblings);
  }
  const build = (parentId: number | null, keepAll: boolean): MenuTreeNode[] =>
    (byParent.get(parentId) ?? [])
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .flatMap((menu) => {
        const matched = keepAll || !matches || matches(menu);
        const children = build(menu.id, matched);
        if (!matched && !children.length) return [];
        return [children.length ? { ...menu, children } : { ...menu }];
      });
  return build(null, false);
}

/** Whether hanging menu `id` under `parentId` would put it under itself or one of its descendants. */
export function wouldCycle(links: Pick<Menu, 'id' | 'parentId'>[], id: number, parentId: number | null): boolean {
  const parentOf = new Map(links.map((link) => [link.id, link.parentId]));
  const seen = new Set<number>();
  for (let at = parentId; at !== null && at !== undefined && !seen.has(at); at = parentOf.get(at) ?? null) {
    if (at === id) return true;
    seen.add(at);
  }
  return false;
}
