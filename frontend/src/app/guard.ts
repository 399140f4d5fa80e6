import { api } from '@/shared/api';
import { getToken, RequestError } from '@/shared/request';
import { FORBIDDEN_PATH, HOME_PATH, loginPath, NOT_FOUND_PATH } from '@/shared/routing/paths';
import { findRoute, normalizePath } from '@/shared/routing/routeTree';
import { ensureSession, onSessionReset, resetSession } from '@/shared/session/session';
import { sessionStore } from '@/shared/session/store';

/** No answer, or the gateway's, the server's or its database's "not now". */
const UNAVAILABLE = [0, 502, 503, 504];

/** Every page path of the product's menus, asked once a session, when a path is not among the user's. */
let knownPaths: Promise<ReadonlySet<string>> | null = null;
onSessionReset(() => {
  knownPaths = null;
});

/** A page of the product the user may not see (403), or no page at all (404); unsure (no answer) is 404. */
async function missingPage(path: string): Promise<string> {
  knownPaths ??= api.get('/menu/paths').then((paths) => new Set(paths.map(normalizePath)));
  try {
    return (await knownPaths).has(path) ? FORBIDDEN_PATH : NOT_FOUND_PATH;
  } catch {
    knownPaths = null;
    return NOT_FOUND_PATH;
  }
}

/** The address a guard decides on. */
export interface GuardedLocation {
  pathname: string;
  search: string;
}

/**
 * Guards every page inside the layout, answering where to send the user instead (null: show the page):
 * no token → sign in; token but no routes yet → load user info and routes, then go on; a password to
 * change first → the change-password page, at any address; a path the user's
 * routes do not have → 403 when it is a page of the product they may not see, else 404; a directory → its redirect.
 */
export async function layoutGuard({ pathname, search }: GuardedLocation): Promise<string | null> {
  const path = normalizePath(pathname);
  const target = path + search;
  if (!getToken()) return loginPath(target);
  try {
    await ensureSession();
  } catch (error) {
    // The server or its database is away for a moment: the session stays, the error page says why and reloads.
    if (error instanceof RequestError && UNAVAILABLE.includes(error.status)) throw error;
    resetSession();
    return loginPath(target);
  }
  // the change-password page, whatever the address (the shell's choice, app/router.tsx)
  if (sessionStore.get().mustChangePassword) return null;
  const node = findRoute(sessionStore.get().routes ?? [], path);
  if (node?.redirect && normalizePath(node.redirect) !== path) return node.redirect;
  if (path === '/') return HOME_PATH;
  if (!node) return missingPage(path);
  return null;
}

/** A signed-in user has nothing to do on the sign-in page. */
export function loginGuard(): string | null {
  return getToken() ? HOME_PATH : null;
}
