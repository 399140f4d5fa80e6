import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/request';

export const STAFF_LIST = '/user/list';
export const STAFF_LIST_PATH = '/base/staff/list';
export const STAFF_ADD_PATH = '/base/staff/add';

/** A row of `POST /user/list`. */
export interface StaffRow {
  id: number;
  jobNo: string | null;
  account: string;
  fullName: string;
  email: string | null;
  phone: string | null;
  peerLabel: string | null;
  directLabel: string | null;
  duty: string | null;
  orgId: number | null;
  orgName: string | null;
  roles: { id: number; code: string; name: string; nameEn: string | null }[];
  enabled: boolean;
  online: boolean;
  ver: number;
}

export interface StaffFilters {
  fullName?: string;
  account?: string;
  /** the unit and everything under it */
  orgId?: number;
  roleId?: number;
  enabled?: boolean;
}

/** What an administrator edits on a staff record. */
export interface StaffFields {
  jobNo: string;
  fullName: string;
  email?: string | null;
  phone?: string | null;
  contactUs?: string | null;
  /** 同行唛头 */
  peerLabel?: string | null;
  /** 直客唛头 */
  directLabel?: string | null;
  duty?: string | null;
  orgId: number;
  roleIds: number[];
}

export interface NewStaff extends StaffFields {
  account: string;
  password: string;
}

/** `GET /user/detail/{id}`. */
export interface StaffDetail extends StaffFields {
  id: number;
  account: string;
  orgId: number;
  ver: number;
}

export function useStaffDetail(id: number) {
  return useQuery({ queryKey: ['/user/detail', id], queryFn: () => http.get<StaffDetail>(`/user/detail/${id}`), gcTime: 0 });
}

export const addStaff = (staff: NewStaff) => http.put<number>('/user/add', staff);
export const updateStaff = (staff: StaffFields & { id: number; ver: number }) => http.post<null>('/user/update', staff);
export const deleteStaff = (id: number) => http.delete<null>(`/user/delete/${id}`);
export const setStaffEnabled = (status: { id: number; enabled: boolean; ver: number }) => http.post<null>('/user/update/status', status);
export const resetStaffPassword = (reset: { id: number; newPassword: string }) => http.post<null>('/user/reset/password', reset);
