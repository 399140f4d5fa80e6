import { useQuery } from '@tanstack/react-query';
import { api, type ApiBody, type ListFilters, type Schema } from '@/shared/api';

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
  return useQuery({ queryKey: ['/user/detail', id], queryFn: () => api.get('/user/detail/{id}', { path: { id } }), gcTime: 0 });
}

export const addStaff = (staff: NewStaff) => api.put('/user/add', { body: staff });
export const updateStaff = (staff: ApiBody<'/user/update', 'post'>) => api.post('/user/update', { body: staff });
export const deleteStaff = (id: number) => api.delete('/user/delete/{id}', { path: { id } });
export const setStaffEnabled = (status: ApiBody<'/user/update/status', 'post'>) => api.post('/user/update/status', { body: status });
export const resetStaffPassword = (reset: ApiBody<'/user/reset/password', 'post'>) => api.post('/user/reset/password', { body: reset });
/** 解除锁定: lifts a colleague's sign-in locks (staff:unlock). */
export const unlockStaff = (id: number) => api.post('/user/unlock', { body: { id } });
