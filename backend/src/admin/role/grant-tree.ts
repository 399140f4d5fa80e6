import type { PermissionEntry } from '@forwarder/domain';
import type { Menu } from '../../generated/prisma/client.js';

export type GrantNodeKind = 'directory' | 'menu' | 'button' | 'area' | 'permission';

/** A node of a grant tree before the role's holdings are marked on it. */
export interface GrantShape<K> {
  key: K;
  kind: GrantNodeKind;
  title: string;
  titleEn: string;
  /** the code a menu node is guarded by, or the code a permission node grants */
  permission?: string;
  children?: GrantShape<K>[];
}

export interface GrantNode<K> extends Omit<GrantShape<K>, 'children'> {
  checked: boolean;
  halfChecked: boolean;
  children?: GrantNode<K>[];
}

/** A tree ready for antd's Tree: the nodes with their state, and the same state as key lists. */
export interface GrantTree<K> {
  nodes: GrantNode<K>[];
  checkedKeys: K[];
  halfCheckedKeys: K[];
}

/**
 * Marks what a role holds the way a conducting antd Tree shows it. A leaf is checked when held. A parent
 * is checked when all its children are, and half-checked when only some of them are checked or
 * half-checked. A parent held without all of its children (a menu whose buttons were not granted) is
 * half-checked too, so that saving the tree's checked and half-checked keys keeps the grant.
 */
export function markGranted<K>(shapes: GrantShape<K>[], held: ReadonlySet<K>): GrantTree<K> {
  const checkedKeys: K[] = [];
  const halfCheckedKeys: K[] = [];
  const mark = (shape: GrantShape<K>): GrantNode<K> => {
    const { children: childShapes, ...fields } = shape;
    if (!childShapes?.length) {
      const checked = held.has(shape.key);
      if (checked) checkedKeys.push(shape.key);
      return { ...fields, checked, halfChecked: false };
    }
    const children = childShapes.map(mark);
    const checked = children.every((child) => child.checked);
    const halfChecked = !checked && (held.has(shape.key) || children.some((child) => child.checked || child.halfChecked));
    if (checked) checkedKeys.push(shape.key);
    if (halfChecked) halfCheckedKeys.push(shape.key);
    return { ...fields, checked, halfChecked, children };
  };
  return { nodes: shapes.map(mark), checkedKeys, halfCheckedKeys };
}

/** The menu tree as grant shapes (directories, menus and buttons), siblings by sort. */
export function menuShapes(menus: Pick<Menu, 'id' | 'parentId' | 'type' | 'title' | 'titleEn' | 'permission' | 'sort'>[]): GrantShape<number>[] {
  const byParent = new Map<number | null, typeof menus>();
  for (const menu of menus) {
    const siblings = byParent.get(menu.parentId) ?? [];
    siblings.push(menu);
    byParent.set(menu.parentId, siblings);
  }
  const build = (parentId: number | null): GrantShape<number>[] =>
    (byParent.get(parentId) ?? [])
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((menu) => {
        const shape: GrantShape<number> = { key: menu.id, kind: menu.type as GrantNodeKind, title: menu.title, titleEn: menu.titleEn ?? menu.title };
        if (menu.permission) shape.permission = menu.permission;
        const children = build(menu.id);
        if (children.length) shape.children = children;
        return shape;
      });
  return build(null);
}

/** The permission catalogue as grant shapes: one node per area (keyed by the area name) holding its codes. */
export function permissionShapes(
  permissions: readonly PermissionEntry[],
  areaTitle: (area: PermissionEntry['area']) => { title: string; titleEn: string },
): GrantShape<string>[] {
  const areas = new Map<PermissionEntry['area'], GrantShape<string>[]>();
  for (const entry of [...permissions].sort((a, b) => a.sort - b.sort)) {
    const codes = areas.get(entry.area) ?? [];
    codes.push({ key: entry.code, kind: 'permission', title: entry.name, titleEn: entry.nameEn, permission: entry.code });
    areas.set(entry.area, codes);
  }
  return [...areas].map(([area, children]) => ({ key: area, kind: 'area', ...areaTitle(area), children }));
}
