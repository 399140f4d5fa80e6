import { skipToken, useQuery } from '@tanstack/react-query';
import { api, type Schema } from '@/shared/api';

/** `GET /user/detail/{id}`. */
export type UserDetail = Schema<'StaffDetail'>;

/** A user's profile; the session keeps its user's id as text. */
export function useUserDetail(id: number | string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['user', 'detail', id],
    queryFn: id === null || !enabled ? skipToken : () => api.get('/user/detail/{id}', { path: { id: Number(id) } }),
  });
}

export function changePassword(body: Schema<'ModifyPasswordDto'>): Promise<null> {
  return api.post('/login/modifyPwd', { body });
}

export function unbindWechat(): Promise<null> {
  return api.post('/user/update/wechat/unbind');
}
