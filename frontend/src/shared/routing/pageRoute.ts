import { createContext, useContext } from 'react';
import type { RouteNode } from '@/shared/routing/routeTree';

/**
 * The route node a page is rendered for. Pages read it rather than the location: a cached page stays
 * mounted (hidden) while the location moves on, and shared screens (one stage list for all lines) read
 * their line and stage from its meta.
 */
export const PageRouteContext = createContext<RouteNode | null>(null);

export function usePageRoute(): RouteNode {
  const node = useContext(PageRouteContext);
  if (!node) throw new Error('usePageRoute is used outside a page');
  return node;
}
