import type { OrgDetail, OrgNode } from './org.dto.js';

/**
 * Nests the units under their parents, keeping the given order among siblings. A unit whose parent is
 * not among `units` is shown at the top level rather than lost.
 */
export function buildOrgTree(units: OrgDetail[], userCounts: ReadonlyMap<number, number>): OrgNode[] {
  const nodes = new Map<number, OrgNode>(units.map((u) => [u.id, { ...u, userCount: userCounts.get(u.id) ?? 0, children: [] }]));
  const roots: OrgNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
