import type { Menu } from '../../generated/prisma/client.js';
import { buildMenuTree, buildRouteTree, wouldCycle } from './menu-tree.js';

const row = (id: number, parentId: number | null, title: string, extra: Partial<Menu> = {}): Menu => ({
  id,
  parentId,
  type: 'menu',
  path: `/${id}`,
  name: `M${id}`,
  component: null,
  redirect: null,
  title,
  titleEn: null,
  icon: null,
  sort: id,
  hidden: false,
  levelHidden: false,
  breadcrumbHidden: false,
  noClosable: false,
  noKeepAlive: false,
  badge: null,
  dot: false,
  target: null,
  activeMenu: null,
  permission: null,
  roleGuard: [],
  ver: 1,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...extra,
});

// 1 系统 ─┬─ 2 角色 ── 4 删除 (button)
//         └─ 3 员工
// 5 工作台
const menus = [
  row(1, null, '系统', { type: 'directory', titleEn: 'System' }),
  row(3, 1, '员工'),
  row(2, 1, '角色', { titleEn: 'Roles' }),
  row(4, 2, '删除', { type: 'button', name: null, permission: 'role:delete' }),
  row(5, null, '工作台', { sort: 0 }),
];
const ids = (nodes: { id: number; children?: unknown[] }[]): unknown[] => nodes.map((n) => (n.children ? [n.id, ids(n.children as never)] : n.id));

describe('buildMenuTree', () => {
  it('nests every row, buttons included, siblings by sort', () => {
    expect(ids(buildMenuTree(menus))).toEqual([5, [1, [[2, [4]], 3]]]);
  });

  it('keeps the matching nodes with their ancestors, and a matching node with its whole subtree', () => {
    expect(ids(buildMenuTree(menus, (m) => m.title === '删除'))).toEqual([[1, [[2, [4]]]]]);
    expect(ids(buildMenuTree(menus, (m) => m.title === '角色'))).toEqual([[1, [[2, [4]]]]]);
    expect(ids(buildMenuTree(menus, (m) => m.title === '系统'))).toEqual([[1, [[2, [4]], 3]]]);
    expect(buildMenuTree(menus, () => false)).toEqual([]);
  });

  it('leaves buttons out of the route tree that the same rows give', () => {
    const routes = buildRouteTree(menus, { isSuperAdmin: true, roleCodes: [], permissionCodes: [] });
    expect(routes.map((r) => r.name)).toEqual(['M5', 'M1']);
    expect(routes[1].children!.map((r) => [r.name, r.children])).toEqual([
      ['M2', undefined],
      ['M3', undefined],
    ]);
  });
});

describe('wouldCycle', () => {
  const links = menus.map(({ id, parentId }) => ({ id, parentId }));

  it('refuses a node under itself or under one of its descendants', () => {
    expect(wouldCycle(links, 1, 1)).toBe(true);
    expect(wouldCycle(links, 1, 2)).toBe(true);
    expect(wouldCycle(links, 1, 4)).toBe(true);
  });

  it('allows a move elsewhere, or to the top level', () => {
    expect(wouldCycle(links, 2, 5)).toBe(false);
    expect(wouldCycle(links, 3, 2)).toBe(false);
    expect(wouldCycle(links, 2, null)).toBe(false);
  });
});
