import { describe, expect, it } from 'vitest';
import { closeTab, MAX_CACHED_PAGES, reloadTab, tabAfterClosing, visitTab, type PageTab } from './pageTabs';

const home: PageTab = { path: '/index', closable: false, version: 0 };

describe('page tabs', () => {
  it('opens a tab per page visited, once', () => {
    const tabs = visitTab([home], { path: '/base/dict', closable: true });
    expect(tabs.map((tab) => tab.path)).toEqual(['/index', '/base/dict']);
    expect(visitTab(tabs, { path: '/base/dict', closable: true })).toBe(tabs);
  });

  it(`keeps at most ${MAX_CACHED_PAGES} pages, dropping the oldest closable one`, () => {
    let tabs: readonly PageTab[] = [home];
    for (let page = 1; page <= MAX_CACHED_PAGES; page += 1) tabs = visitTab(tabs, { path: `/p${page}`, closable: true });
    expect(tabs).toHaveLength(MAX_CACHED_PAGES);
    expect(tabs.map((tab) => tab.path).slice(0, 2)).toEqual(['/index', '/p2']);
  });

  it('never closes the workbench', () => {
    expect(closeTab([home], '/index')).toEqual([home]);
  });

  it('remounts a reloaded page by bumping its version', () => {
    expect(reloadTab([home], '/index')[0].version).toBe(1);
  });

  it('moves to the right neighbour of a closed tab, else the left one', () => {
    const tabs = ['/index', '/a', '/b'].map((path) => ({ path, closable: true, version: 0 }));
    expect(tabAfterClosing(tabs, '/a')).toBe('/b');
    expect(tabAfterClosing(tabs, '/b')).toBe('/a');
  });
});
