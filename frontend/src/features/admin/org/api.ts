import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/request';
import { treeQuery } from '../common/treeList';

export const ORG_TREE = '/org/tree';

/** The kinds of unit the server accepts; the `orgType` dictionary names them. */
export const ORG_TYPES = ['company', 'branch', 'department'] as const;
export type OrgType = (typeof ORG_TYPES)[number];

/** A unit of `POST /org/tree`. */
export interface OrgNode {
  id: number;
  parentId: number | null;
  name: string;
  nameEn: string | null;
  type: OrgType;
  sort: number;
  ver: number;
  /** active staff directly in this unit */
  userCount: number;
  children?: OrgNode[];
}

export interface OrgFields {
  name: string;
  nameEn?: string | null;
  type: OrgType;
  sort?: number;
}

export function useOrgTree() {
  return useQuery(treeQuery<OrgNode, object>(ORG_TREE, {}));
}

export const addOrg = (unit: OrgFields & { parentId: number | null }) => http.put<number>('/org/add', unit);
export const updateOrg = (unit: OrgFields & { id: number; ver: number }) => http.post<null>('/org/update', unit);
export const moveOrg = (move: { id: number; parentId: number | null; sort?: number; ver: number }) => http.post<null>('/org/move', move);
export const deleteOrg = (id: number) => http.delete<null>(`/org/delete/${id}`);
