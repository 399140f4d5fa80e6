import type { SignInResult } from '@/shared/session/session';
import { api } from '@/shared/api';

/** `param` is the RSA-encrypted JSON of the credentials (see encryptCredentials). */
export function signIn(param: string): Promise<SignInResult> {
  return api.post('/login/user', { body: { param } });
}
