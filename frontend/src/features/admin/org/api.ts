import { useQuery } from '@tanstack/react-query';
import { api, type ApiBody, type Schema } from '@/shared/api';
import { treeQuery } from '../common/treeList';

export const ORG_TREE = '/org/tree';

/** A unit of `POST /org/tree`. */
export type OrgNode = Schema<'OrgNode'>;

export type OrgFields = Omit<Schema<'UpdateOrgDto'>, 'id' | 'ver'>;

export function useOrgTree() {
  return useQuery(treeQuery<OrgNode, object>(ORG_TREE, {}));
}

export const addOrg = (unit: ApiBody<'/org/add', 'put'>) => api.put('/org/add', { body: unit });
export const updateOrg = (unit: ApiBody<'/org/update', 'post'>) => api.post('/org/update', { body: unit });
export const moveOrg = (move: ApiBody<'/org/move', 'post'>) => api.post('/org/move', { body: move });
export const deleteOrg = (id: number) => api.delete('/org/delete/{id}', { path: { id } });
