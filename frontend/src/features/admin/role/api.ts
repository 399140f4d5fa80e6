import { useQuery } from '@tanstack/react-query';
import { http, type Page } from '@/shared/request';
import type { GrantTree } from './grantState';

export const ROLE_LIST = '/role/list';

/** A row of `POST /role/list`. */
export interface RoleRow {
  id: number;
  code: string;
  name: string;
  nameEn: string | null;
  remark: string | null;
  sort: number;
  ver: number;
  /** active staff holding the role */
  userCount: number;
}

export interface RoleFilters {
  name?: string;
  code?: string;
}

export interface RoleFields {
  name: string;
  nameEn?: string | null;
  remark?: string | null;
  sort?: number;
}

/** `POST /role/grant/tree/{id}`: the menus and the permission catalogue with the role's holdings marked. */
export interface GrantTrees {
  roleId: number;
  ver: number;
  menus: GrantTree<number>;
  permissions: GrantTree<string>;
}

/** The complete grants of a role (`POST /role/grant`): both sets replace what it held. */
export interface Grant {
  roleId: number;
  ver: number;
  menuIds: number[];
  permissionCodes: string[];
}

/** A holder of a role (`POST /role/users/{id}`). */
export interface RoleUser {
  id: number;
  account: string;
  fullName: string;
  jobNo: string | null;
  duty: string | null;
  enabled: boolean;
  org: { id: number; name: string; nameEn: string | null } | null;
}

/** Every role (the server pages at most 200), for pickers and for naming roles held by code. */
export function useRoleOptions(enabled = true) {
  return useQuery({
    queryKey: [ROLE_LIST, 'all'],
    queryFn: async () => (await http.post<Page<RoleRow>>(ROLE_LIST, { pageSize: 200 })).items,
    enabled,
  });
}

export function useGrantTrees(roleId: number) {
  return useQuery({ queryKey: ['/role/grant/tree', roleId], queryFn: () => http.post<GrantTrees>(`/role/grant/tree/${roleId}`), gcTime: 0 });
}

export const addRole = (role: RoleFields & { code: string }) => http.put<RoleRow>('/role/add', role);
export const updateRole = (role: RoleFields & { id: number; ver: number }) => http.post<RoleRow>('/role/update', role);
export const deleteRole = (id: number) => http.delete<null>(`/role/delete/${id}`);
export const grantRole = (grant: Grant) => http.post<null>('/role/grant', grant);
export const roleUsersPath = (roleId: number) => `/role/users/${roleId}`;
