import { useQuery } from '@tanstack/react-query';
import type { Schema } from '@/shared/api';
import { http } from '@/shared/request';

/** `GET /user/detail/{id}`. */
export interface UserDetail {
  id: number | string;
  jobNo?: string | null;
  account: string;
  fullName: string;
  email?: string | null;
  phone?: string | null;
  contactUs?: string | null;
  peerLabel?: string | null;
  directLabel?: string | null;
  duty?: string | null;
  orgId?: number | string | null;
  roleIds: Array<number | string>;
  ver: number;
}

export function useUserDetail(id: number | string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['user', 'detail', id],
    queryFn: () => http.get<UserDetail>(`/user/detail/${id}`),
    enabled: enabled && id !== null,
  });
}

export function changePassword(body: Schema<'ModifyPasswordDto'>): Promise<null> {
  return http.post<null>('/login/modifyPwd', body);
}

export function unbindWechat(): Promise<null> {
  return http.post<null>('/user/update/wechat/unbind');
}
