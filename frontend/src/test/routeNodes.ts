import type { RouteMeta, RouteNode } from '@/shared/routing/routeTree';

/** Builds route nodes for tests: `node('/base/dict', { hidden: true }, [...children])`. */
export function node(path: string, meta: Partial<RouteMeta> = {}, children?: RouteNode[]): RouteNode {
  const name =
    path
      .split('/')
      .filter(Boolean)
      .map((part) => part[0].toUpperCase() + part.slice(1))
      .join('') || 'Root';
  return {
    path,
    name,
    component: children ? 'Layout' : path.slice(1),
    // the server sends the Chinese title as the English one when there is none
    meta: { title: name, titleEn: name, ...meta },
    ...(children ? { children } : {}),
  };
}
