import { PERMISSIONS } from '@forwarder/domain';
import { markGranted, menuShapes, permissionShapes, type GrantNode, type GrantShape } from './grant-tree.js';

const node = (key: number, children?: GrantShape<number>[]): GrantShape<number> => ({
  key,
  kind: children ? 'directory' : 'menu',
  title: `m${key}`,
  titleEn: `m${key}`,
  children,
});

/** key → [checked, halfChecked], walking the whole marked tree. */
const states = (nodes: GrantNode<number>[]): Record<number, [boolean, boolean]> =>
  Object.fromEntries(nodes.flatMap((n) => [[n.key, [n.checked, n.halfChecked]], ...Object.entries(states(n.children ?? []))]));

describe('markGranted', () => {
  // 1 ─┬─ 2 ─┬─ 4
  //    │     └─ 5
  //    └─ 3
  const tree = [node(1, [node(2, [node(4), node(5)]), node(3)])];

  it('checks a held leaf and leaves the others unchecked', () => {
    expect(states(markGranted([node(7), node(8)], new Set([7])).nodes)).toEqual({ 7: [true, false], 8: [false, false] });
  });

  it('checks a parent whose children are all checked, whether or not the parent itself is held', () => {
    expect(states(markGranted(tree, new Set([4, 5, 3])).nodes)).toEqual({
      1: [true, false],
      2: [true, false],
      3: [true, false],
      4: [true, false],
      5: [true, false],
    });
  });

  it('half-checks every ancestor of a partly checked subtree', () => {
    const marked = markGranted(tree, new Set([1, 2, 4, 3]));
    expect(states(marked.nodes)).toEqual({ 1: [false, true], 2: [false, true], 3: [true, false], 4: [true, false], 5: [false, false] });
    expect(marked.checkedKeys.sort()).toEqual([3, 4]);
    expect(marked.halfCheckedKeys.sort()).toEqual([1, 2]);
  });

  it('half-checks a parent above a half-checked child even when none of its children is fully checked', () => {
    expect(states(markGranted(tree, new Set([5])).nodes)).toMatchObject({ 1: [false, true], 2: [false, true] });
  });

  it('half-checks a held parent none of whose children is held, so saving the tree keeps its grant', () => {
    expect(states(markGranted(tree, new Set([2])).nodes)).toMatchObject({ 1: [false, true], 2: [false, true], 4: [false, false] });
  });

  it('leaves a tree nothing of which is held unchecked', () => {
    const marked = markGranted(tree, new Set());
    expect(Object.values(states(marked.nodes)).every(([c, h]) => !c && !h)).toBe(true);
    expect(marked).toMatchObject({ checkedKeys: [], halfCheckedKeys: [] });
  });
});

describe('menuShapes', () => {
  it('nests menus under their parents, siblings by sort, keeping buttons and their codes', () => {
    const shapes = menuShapes([
      { id: 1, parentId: null, type: 'directory', title: '系统', titleEn: 'System', permission: null, sort: 20 },
      { id: 2, parentId: null, type: 'menu', title: '工作台', titleEn: null, permission: null, sort: 10 },
      { id: 3, parentId: 1, type: 'menu', title: '角色', titleEn: 'Roles', permission: null, sort: 10 },
      { id: 4, parentId: 3, type: 'button', title: '删除', titleEn: 'Delete', permission: 'role:delete', sort: 10 },
    ]);
    expect(shapes).toEqual([
      { key: 2, kind: 'menu', title: '工作台', titleEn: '工作台' },
      {
        key: 1,
        kind: 'directory',
        title: '系统',
        titleEn: 'System',
        children: [
          {
            key: 3,
            kind: 'menu',
            title: '角色',
            titleEn: 'Roles',
            children: [{ key: 4, kind: 'button', title: '删除', titleEn: 'Delete', permission: 'role:delete' }],
          },
        ],
      },
    ]);
  });
});

describe('permissionShapes', () => {
  it('groups every catalogue code under its area, in catalogue order', () => {
    const shapes = permissionShapes(PERMISSIONS, (area) => ({ title: area, titleEn: area }));
    expect(shapes.map((s) => s.key)).toEqual([...new Set(PERMISSIONS.map((p) => p.area))]);
    expect(shapes.flatMap((s) => s.children!.map((c) => c.key))).toEqual(PERMISSIONS.map((p) => p.code));
    expect(shapes.find((s) => s.key === 'files')!.children![0]).toEqual({
      key: 'file:upload',
      kind: 'permission',
      title: '上传文件',
      titleEn: 'Upload files',
      permission: 'file:upload',
    });
  });
});
