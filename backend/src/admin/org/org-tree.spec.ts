import { buildOrgTree } from './org-tree.js';

const unit = (id: number, parentId: number | null, name = `unit ${id}`) => ({ id, parentId, name, nameEn: null, type: 'department' as const, sort: 0, ver: 1 });

describe('buildOrgTree', () => {
  it('nests units under their parents in the given order and counts their staff', () => {
    const tree = buildOrgTree([unit(1, null), unit(3, 1), unit(2, 1), unit(4, 3)], new Map([[3, 2]]));
    expect(tree).toHaveLength(1);
    expect(tree[0].children.map((c) => c.id)).toEqual([3, 2]);
    expect(tree[0].children[0]).toMatchObject({ userCount: 2, children: [{ id: 4, userCount: 0, children: [] }] });
  });

  it('shows a unit whose parent is missing at the top level', () => {
    expect(buildOrgTree([unit(5, 99)], new Map()).map((n) => n.id)).toEqual([5]);
  });
});
