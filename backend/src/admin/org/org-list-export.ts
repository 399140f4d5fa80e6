import { inLang, type ExportColumns } from '../../common/list-export.js';
import type { OrgNode } from './org.dto.js';

/** The dictionary of the units' types. */
export const ORG_TYPE_DICTIONARY = 'orgType';

/** A unit of the tree as an export row: how deep it sits, under its parents' names. */
export type OrgRow = OrgNode & { depth: number; parents: OrgNode[] };

/** The tree depth first, as the organisation page unfolds it: each unit after its parent. */
export function flattenOrgTree(nodes: readonly OrgNode[], parents: OrgNode[] = []): OrgRow[] {
  return nodes.flatMap((node) => [{ ...node, depth: parents.length, parents }, ...flattenOrgTree(node.children, [...parents, node])]);
}

const nameOf = (unit: OrgNode) => inLang([unit.name, unit.nameEn || unit.name]);

/** The organisation page's columns an export may take: the name under its parents' (总部 / 销售部), the type in its dictionary's words. */
export function orgExportColumns(dict: (dictCode: string, value: string | null) => string | null): ExportColumns<OrgRow> {
  return {
    name: (r) => [...r.parents, r].map(nameOf).join(' / '),
    type: (r) => dict(ORG_TYPE_DICTIONARY, r.type),
    userCount: (r) => r.userCount,
    sort: (r) => r.sort,
  };
}
