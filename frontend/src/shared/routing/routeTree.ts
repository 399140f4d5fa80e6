import type { Schema } from '@/shared/api';
import { localized, type Language } from '@/shared/i18n';
import { hasPermission, type Access } from '@/shared/permission';

/**
 * One node of the user's route tree as `POST /menu/router` returns it (docs/api.md): `path` absolute (external
 * links start with http), `component` "Layout" for directories, else a page key such as "base/staff/list".
 */
export type RouteNode = Schema<'RouteNode'>;

export type RouteMeta = RouteNode['meta'];

export const LAYOUT_COMPONENT = 'Layout';

export function isExternal(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

/** "/base/dict/" and "/base/dict" are one page. */
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Drops the nodes (with their subtrees) whose `meta.guard` the user fails, as the server did. */
export function filterRoutes(nodes: readonly RouteNode[], access: Access): RouteNode[] {
  return nodes
    .filter((node) => hasPermission(node.meta.guard ?? undefined, access))
    .map((node) => (node.children ? { ...node, children: filterRoutes(node.children, access) } : node));
}

/** The node with this path (a page, a directory or an external link) and its ancestors, root first. */
export function findRouteChain(nodes: readonly RouteNode[], path: string): RouteNode[] | null {
  const target = normalizePath(path);
  for (const node of nodes) {
    if (normalizePath(node.path) === target) return [node];
    const below = node.children ? findRouteChain(node.children, target) : null;
    if (below) return [node, ...below];
  }
  return null;
}

export function findRoute(nodes: readonly RouteNode[], path: string): RouteNode | null {
  return findRouteChain(nodes, path)?.at(-1) ?? null;
}

export function findRouteByName(nodes: readonly RouteNode[], name: string): RouteNode | null {
  for (const node of nodes) {
    if (node.name === name) return node;
    const found = node.children ? findRouteByName(node.children, name) : null;
    if (found) return found;
  }
  return null;
}

/** Pages that are always open in a tab and cannot be closed (the workbench). */
export function pinnedRoutes(nodes: readonly RouteNode[]): RouteNode[] {
  return nodes.flatMap((node) => [
    ...(node.meta.noClosable && node.component !== LAYOUT_COMPONENT && !isExternal(node.path) ? [node] : []),
    ...pinnedRoutes(node.children ?? []),
  ]);
}

export function routeTitle(node: RouteNode, language: Language): string {
  return localized(language, node.meta.title, node.meta.titleEn);
}

/** Pages (not directories) of the tree with the directory each is in, null at the top. */
function pagesWithParents(nodes: readonly RouteNode[], parent: RouteNode | null = null): [RouteNode, RouteNode | null][] {
  return nodes.flatMap((node) => (node.children?.length ? pagesWithParents(node.children, node) : [[node, parent] as [RouteNode, RouteNode | null]]));
}

/**
 * A page's title where pages stand side by side (the page tabs, the browser tab): a title that other
 * pages of the tree share is told apart by its directory, 小包专线·全部订单 beside 空运·全部订单.
 */
export function pageTitle(nodes: readonly RouteNode[], node: RouteNode, language: Language): string {
  const title = routeTitle(node, language);
  const pages = pagesWithParents(nodes);
  if (pages.filter(([page]) => routeTitle(page, language) === title).length < 2) return title;
  const parent = pages.find(([page]) => page.path === node.path)?.[1];
  return parent ? `${routeTitle(parent, language)}·${title}` : title;
}
