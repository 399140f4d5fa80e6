import type { SignInResult } from '@/app/session/session';
import { http } from '@/shared/request';

/** `param` is the RSA-encrypted JSON of the credentials (see encryptCredentials). */
export function signIn(param: string): Promise<SignInResult> {
  return http.post<SignInResult>('/login/user', { param });
}
