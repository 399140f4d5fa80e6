import type { Key } from 'react';

export type GrantNodeKind = 'directory' | 'menu' | 'button' | 'area' | 'permission';

/** A node of a grant tree as the server marks it (see backend/src/admin/role/grant-tree.ts). */
export interface GrantNode<K extends Key> {
  key: K;
  kind: GrantNodeKind;
  title: string;
  titleEn: string;
  permission?: string;
  checked: boolean;
  halfChecked: boolean;
  children?: GrantNode<K>[];
}

export interface GrantTree<K extends Key> {
  nodes: GrantNode<K>[];
  checkedKeys: K[];
  halfCheckedKeys: K[];
}

/** What a tree shows ticked: the keys in tree order. */
export interface CheckState<K extends Key> {
  checked: K[];
  halfChecked: K[];
}

export function initialCheckState<K extends Key>(tree: GrantTree<K>): CheckState<K> {
  return { checked: tree.checkedKeys, halfChecked: tree.halfCheckedKeys };
}

/**
 * Ticks or unticks a node the way a conducting tree does: the node and its whole subtree follow, then
 * each ancestor is checked when all its children are, half-checked when some are checked or
 * half-checked, and clear otherwise. Nodes elsewhere keep their state, so a menu the server marked
 * half-checked (held without all its buttons) stays held until the user changes something below it.
 */
export function toggleNode<K extends Key>(nodes: readonly GrantNode<K>[], state: CheckState<K>, key: K, check: boolean): CheckState<K> {
  const path = pathTo(nodes, key);
  if (!path) return state;
  const checked = new Set(state.checked);
  const half = new Set(state.halfChecked);
  const setSubtree = (node: GrantNode<K>) => {
    half.delete(node.key);
    if (check) checked.add(node.key);
    else checked.delete(node.key);
    node.children?.forEach(setSubtree);
  };
  setSubtree(path[path.length - 1]);
  for (const ancestor of path.slice(0, -1).reverse()) {
    const children = ancestor.children ?? [];
    const all = children.every((child) => checked.has(child.key));
    const some = children.some((child) => checked.has(child.key) || half.has(child.key));
    checked.delete(ancestor.key);
    half.delete(ancestor.key);
    if (all) checked.add(ancestor.key);
    else if (some) half.add(ancestor.key);
  }
  const order = treeKeys(nodes);
  return { checked: order.filter((k) => checked.has(k)), halfChecked: order.filter((k) => half.has(k)) };
}

/**
 * The grant to save: menus are every checked or half-checked node (a directory or menu a granted child
 * sits under must be held too), permission codes are the checked leaves (area nodes only group them).
 */
export function grantPayload(
  trees: { roleId: number; ver: number; permissions: GrantTree<string> },
  menus: CheckState<number>,
  permissions: CheckState<string>,
): { roleId: number; ver: number; menuIds: number[]; permissionCodes: string[] } {
  const codes = new Set(
    leaves(trees.permissions.nodes)
      .filter((node) => node.kind === 'permission')
      .map((node) => node.key),
  );
  return {
    roleId: trees.roleId,
    ver: trees.ver,
    menuIds: [...new Set([...menus.checked, ...menus.halfChecked])],
    permissionCodes: permissions.checked.filter((code) => codes.has(code)),
  };
}

function pathTo<K extends Key>(nodes: readonly GrantNode<K>[], key: K): GrantNode<K>[] | null {
  for (const node of nodes) {
    if (node.key === key) return [node];
    const below = node.children ? pathTo(node.children, key) : null;
    if (below) return [node, ...below];
  }
  return null;
}

function treeKeys<K extends Key>(nodes: readonly GrantNode<K>[]): K[] {
  return nodes.flatMap((node) => [node.key, ...treeKeys(node.children ?? [])]);
}

function leaves<K extends Key>(nodes: readonly GrantNode<K>[]): GrantNode<K>[] {
  return nodes.flatMap((node) => (node.children?.length ? leaves(node.children) : [node]));
}
