import type { RouteNode } from '@/shared/routing/routeTree';

/** A node with more children than this gets a scrollbar instead of pushing the sidebar off screen. */
export const SCROLL_THRESHOLD = 18;

export interface MenuEntry {
  key: string;
  node: RouteNode;
  /** Present when the node has visible children: it is then a submenu. */
  children?: MenuEntry[];
  scroll: boolean;
}

/**
 * The sidebar of a route tree: hidden nodes are skipped, a levelHidden node gives its place to its
 * children, a node with any visible child becomes a submenu.
 */
export function buildMenu(nodes: readonly RouteNode[]): MenuEntry[] {
  return nodes.flatMap((node): MenuEntry[] => {
    if (node.meta.hidden) return [];
    const children = buildMenu(node.children ?? []);
    if (node.meta.levelHidden) return children;
    return [
      {
        key: node.path,
        node,
        children: children.length > 0 ? children : undefined,
        scroll: children.length > SCROLL_THRESHOLD,
      },
    ];
  });
}

/** The entry to highlight for the page being shown: its activeMenu when set (a detail page lights up its list). */
export function selectedMenuKey(current: RouteNode): string {
  return current.meta.activeMenu || current.path;
}

/** Keys of the submenus above `key`, outermost first; empty when the key is top level or absent. */
export function menuAncestors(entries: readonly MenuEntry[], key: string): string[] {
  for (const entry of entries) {
    if (entry.key === key) return [];
    if (entry.children) {
      const below = menuAncestors(entry.children, key);
      if (below.length > 0 || entry.children.some((child) => child.key === key)) return [entry.key, ...below];
    }
  }
  return [];
}
