import type { Translate } from '@/shared/i18n';

/** A record of a server tree (organisation units, menus): children, when present, are records too. */
export interface TreeRecord<T> {
  id: number;
  children?: T[] | null;
}

/** An entry of an antd TreeSelect. */
export interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}

/**
 * The tree as TreeSelect entries. A node failing `keep` is left out with its whole subtree, which is
 * what a parent picker needs: a node cannot go under itself or one of its descendants.
 */
export function treeOptions<T extends TreeRecord<T>>(nodes: readonly T[], label: (node: T) => string, keep: (node: T) => boolean = () => true): TreeOption[] {
  return nodes.filter(keep).map((node) => {
    const children = treeOptions(node.children ?? [], label, keep);
    return children.length ? { value: node.id, title: label(node), children } : { value: node.id, title: label(node) };
  });
}

/** The parent choices for node `movingId` (none when adding): every node but itself and its descendants. */
export function parentOptions<T extends TreeRecord<T>>(
  nodes: readonly T[],
  label: (node: T) => string,
  movingId?: number,
  keep: (node: T) => boolean = () => true,
): TreeOption[] {
  return treeOptions(nodes, label, (node) => node.id !== movingId && keep(node));
}

/** Every id of the tree, parents before their children. */
export function treeIds<T extends TreeRecord<T>>(nodes: readonly T[]): number[] {
  return nodes.flatMap((node) => [node.id, ...treeIds(node.children ?? [])]);
}

/** The same tree without empty `children` arrays, on which antd's tree table would draw an expand button. */
export function withoutEmptyChildren<T extends TreeRecord<T>>(nodes: readonly T[]): T[] {
  return nodes.map((node) => {
    if (!node.children) return node;
    if (!node.children.length) {
      const leaf = { ...node };
      delete leaf.children;
      return leaf;
    }
    return { ...node, children: withoutEmptyChildren(node.children) };
  });
}

/** The title of a tree's add-or-edit dialog: editing a node, adding one under a parent (named by `nameOf`), or at the top level. */
export function nodeDialogTitle<T>(
  t: Translate<'editTitle' | 'addChildTitle' | 'addTitle'>,
  editing: { mode: 'add'; parent: T | null } | { mode: 'edit' },
  nameOf: (node: T) => string,
): string {
  if (editing.mode === 'edit') return t('editTitle');
  return editing.parent ? t('addChildTitle', { parent: nameOf(editing.parent) }) : t('addTitle');
}
