/** The shell's fixed pages: home, sign-in and the status pages, and where signing in leads. */
export const HOME_PATH = '/index';
export const LOGIN_PATH = '/login';

/** The sign-in page, remembering where to come back to (never for the bare root). */
export function loginPath(target: string): string {
  return target === '/' || target.startsWith(LOGIN_PATH) ? LOGIN_PATH : `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`;
}

export const FORBIDDEN_PATH = '/403';
export const NOT_FOUND_PATH = '/404';

/** Where to go after signing in: the remembered path if it is one of ours, else home. */
export function redirectAfterLogin(remembered: string | null): string {
  // Only same-site paths: "//host" or a full URL here would turn sign-in into an open redirect.
  return remembered?.startsWith('/') && !remembered.startsWith('//') && !remembered.startsWith(LOGIN_PATH) ? remembered : '/';
}
