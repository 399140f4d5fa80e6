/** Pages kept open (and mounted) at most; the oldest closable one goes first. */
export const MAX_CACHED_PAGES = 20;

export interface PageTab {
  path: string;
  closable: boolean;
  /** Bumped to remount the page (refresh, or clicking the menu entry of the page being shown). */
  version: number;
}

export function visitTab(tabs: readonly PageTab[], tab: Omit<PageTab, 'version'>, max = MAX_CACHED_PAGES): readonly PageTab[] {
  if (tabs.some((open) => open.path === tab.path)) return tabs;
  const next = [...tabs, { ...tab, version: 0 }];
  while (next.length > max) {
    const oldest = next.findIndex((open) => open.closable && open.path !== tab.path);
    if (oldest < 0) break;
    next.splice(oldest, 1);
  }
  return next;
}

export function closeTab(tabs: readonly PageTab[], path: string): readonly PageTab[] {
  return tabs.filter((tab) => tab.path !== path || !tab.closable);
}

export function reloadTab(tabs: readonly PageTab[], path: string): readonly PageTab[] {
  return tabs.map((tab) => (tab.path === path ? { ...tab, version: tab.version + 1 } : tab));
}

/** Where to go when the tab being shown is closed: its right neighbour, else its left one. */
export function tabAfterClosing(tabs: readonly PageTab[], path: string): string | null {
  const index = tabs.findIndex((tab) => tab.path === path);
  return (tabs[index + 1] ?? tabs[index - 1])?.path ?? null;
}
