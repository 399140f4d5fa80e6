import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@forwarder/domain';
import type { ApiBody, ApiData, ListFilters, Schema } from '@/shared/api';
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
  return useQuery({ queryKey: ['/role/grant/tree', roleId], queryFn: () => http.post<GrantTrees>(`/role/grant/tree/${roleId}`), gcTime: 0 });
}

export const addRole = (role: ApiBody<'/role/add', 'put'>) => http.put<RoleRow>('/role/add', role);
export const updateRole = (role: ApiBody<'/role/update', 'post'>) => http.post<RoleRow>('/role/update', role);
export const deleteRole = (id: number) => http.delete<null>(`/role/delete/${id}`);
export const grantRole = (grant: Grant) => http.post<null>('/role/grant', grant);
export const roleUsersPath = (roleId: number) => `/role/users/${roleId}`;
