import { useQuery } from '@tanstack/react-query';
import type { ApiBody, Schema } from '@/shared/api';
import { http } from '@/shared/request';
import { treeQuery } from '../common/treeList';

export const ORG_TREE = '/org/tree';

/** A unit of `POST /org/tree`. */
export type OrgNode = Schema<'OrgNode'>;
/** The kinds of unit the server accepts; the `orgType` dictionary names them. */
export type OrgType = OrgNode['type'];
export const ORG_TYPES = ['company', 'branch', 'department'] as const satisfies readonly OrgType[];

export type OrgFields = Omit<Schema<'UpdateOrgDto'>, 'id' | 'ver'>;

export function useOrgTree() {
  return useQuery(treeQuery<OrgNode, object>(ORG_TREE, {}));
}

export const addOrg = (unit: ApiBody<'/org/add', 'put'>) => http.put<number>('/org/add', unit);
export const updateOrg = (unit: ApiBody<'/org/update', 'post'>) => http.post<null>('/org/update', unit);
export const moveOrg = (move: ApiBody<'/org/move', 'post'>) => http.post<null>('/org/move', move);
export const deleteOrg = (id: number) => http.delete<null>(`/org/delete/${id}`);
