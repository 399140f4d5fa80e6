import { useQuery } from '@tanstack/react-query';
import type { ApiBody, ListFilters, Schema } from '@/shared/api';
import { http } from '@/shared/request';

export const STAFF_LIST = '/user/list';
export const STAFF_LIST_PATH = '/base/staff/list';
export const STAFF_ADD_PATH = '/base/staff/add';

/** A row of `POST /user/list`. */
export type StaffRow = Schema<'StaffRow'>;

export type StaffFilters = ListFilters<'StaffListQueryDto'>;

/** What an administrator edits on a staff record. */
export type StaffFields = Omit<Schema<'UpdateStaffDto'>, 'id' | 'ver'>;

export type NewStaff = Schema<'AddStaffDto'>;

/** `GET /user/detail/{id}`. */
export type StaffDetail = Schema<'StaffDetail'>;

export function useStaffDetail(id: number) {
  return useQuery({ queryKey: ['/user/detail', id], queryFn: () => http.get<StaffDetail>(`/user/detail/${id}`), gcTime: 0 });
}

export const addStaff = (staff: NewStaff) => http.put<number>('/user/add', staff);
export const updateStaff = (staff: ApiBody<'/user/update', 'post'>) => http.post<null>('/user/update', staff);
export const deleteStaff = (id: number) => http.delete<null>(`/user/delete/${id}`);
export const setStaffEnabled = (status: ApiBody<'/user/update/status', 'post'>) => http.post<null>('/user/update/status', status);
export const resetStaffPassword = (reset: ApiBody<'/user/reset/password', 'post'>) => http.post<null>('/user/reset/password', reset);
