import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@forwarder/domain';
import { api, type ApiBody, type ApiData, type ListFilters, type Schema } from '@/shared/api';
import { http } from '@/shared/request';

export const ROLE_LIST = '/role/list';

/** A row of `POST /role/list`. */
export type RoleRow = Schema<'RoleRow'>;

export type RoleFilters = ListFilters<'RoleListDto'>;

export type RoleFields = Omit<Schema<'UpdateRoleDto'>, 'id' | 'ver'>;

/** `POST /role/grant/tree/{id}`: the menus and the permission catalogue with the role's holdings marked. */
export type GrantTrees = Schema<'GrantTrees'>;

/** The complete grants of a role (`POST /role/grant`): both sets replace what it held. */
export type Grant = Schema<'GrantDto'>;

/** A holder of a role (`POST /role/users/{id}`). */
export type RoleUser = Schema<'RoleUser'>;

/** Every role (a company has a handful: one page of the largest size), for pickers and for naming roles held by code. */
export function useRoleOptions(enabled = true) {
  return useQuery({
    queryKey: [ROLE_LIST, 'all'],
    queryFn: async () => (await http.post<ApiData<typeof ROLE_LIST, 'post'>>(ROLE_LIST, { pageSize: MAX_PAGE_SIZE })).items,
    enabled,
    staleTime: 60_000,
  });
}

export function useGrantTrees(roleId: number) {
  return useQuery({ queryKey: ['/role/grant/tree', roleId], queryFn: () => api.post('/role/grant/tree/{id}', { path: { id: roleId } }), gcTime: 0 });
}

export const addRole = (role: ApiBody<'/role/add', 'put'>) => api.put('/role/add', { body: role });
export const updateRole = (role: ApiBody<'/role/update', 'post'>) => api.post('/role/update', { body: role });
export const deleteRole = (id: number) => api.delete('/role/delete/{id}', { path: { id } });
export const grantRole = (grant: Grant) => api.post('/role/grant', { body: grant });
export const roleUsersPath = (roleId: number) => `/role/users/${roleId}`;
