import { describe, expect, it } from 'vitest';
import { node } from '@/test/routeNodes';
import { buildMenu, menuAncestors, selectedMenuKey, type MenuEntry } from './menuTree';

/** The menu as nested keys, to compare shapes at a glance. */
function shape(entries: MenuEntry[]): unknown[] {
  return entries.map((entry) => (entry.children ? { [entry.key]: shape(entry.children) } : entry.key));
}

describe('buildMenu', () => {
  it('skips hidden nodes with everything below them', () => {
    const menu = buildMenu([node('/index'), node('/base', { hidden: true }, [node('/base/dict')]), node('/log/sql', { hidden: true })]);
    expect(shape(menu)).toEqual(['/index']);
  });

  it('lifts the children of a levelHidden node to its own level', () => {
    const menu = buildMenu([
      node('/', { levelHidden: true }, [node('/index')]),
      node('/base', {}, [node('/base/x', { levelHidden: true }, [node('/base/x/dict'), node('/base/x/menu')])]),
    ]);
    expect(shape(menu)).toEqual(['/index', { '/base': ['/base/x/dict', '/base/x/menu'] }]);
  });

  it('makes a submenu of a node with a visible child, and an item of one whose children are all hidden', () => {
    const menu = buildMenu([node('/base', {}, [node('/base/dict')]), node('/log', {}, [node('/log/sql', { hidden: true })])]);
    expect(shape(menu)).toEqual([{ '/base': ['/base/dict'] }, '/log']);
    expect(menu[1].children).toBeUndefined();
  });

  it('gives a node a scrollbar above 18 visible children, not at 18', () => {
    const children = (count: number) => Array.from({ length: count }, (_, index) => node(`/many/p${index}`));
    expect(buildMenu([node('/many', {}, children(19))])[0].scroll).toBe(true);
    expect(buildMenu([node('/many', {}, children(18))])[0].scroll).toBe(false);
    expect(buildMenu([node('/many', {}, [...children(18), node('/many/secret', { hidden: true })])])[0].scroll).toBe(false);
  });
});

describe('selectedMenuKey and menuAncestors', () => {
  const menu = buildMenu([node('/index'), node('/base', {}, [node('/base/menu', {}, [node('/base/menu/list')])])]);

  it('highlights the page itself, or its activeMenu when set', () => {
    expect(selectedMenuKey(node('/base/menu/list'))).toBe('/base/menu/list');
    expect(selectedMenuKey(node('/base/menu/add', { hidden: true, activeMenu: '/base/menu/list' }))).toBe('/base/menu/list');
  });

  it('opens every submenu above the highlighted entry', () => {
    expect(menuAncestors(menu, '/base/menu/list')).toEqual(['/base', '/base/menu']);
    expect(menuAncestors(menu, '/base/menu')).toEqual(['/base']);
    expect(menuAncestors(menu, '/index')).toEqual([]);
    expect(menuAncestors(menu, '/nowhere')).toEqual([]);
  });
});
