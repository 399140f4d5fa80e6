import { filterRoutes, type RouteNode } from '@/shared/routing/routeTree';
import { clearTokens, setTokens } from '@/shared/request';
import { fetchRouteTree, fetchUserInfo } from './api';
import { accessOf, clearSession, sessionStore, updateSession } from './store';

/** `POST /login/user` answer. */
export interface SignInResult {
  token: string;
  refreshToken: string;
  userid: number | string;
  username: string;
  account: string;
  peerLabel?: string | null;
  directLabel?: string | null;
}

let loading: Promise<void> | null = null;
/** What else forgets the user's data with the session (the signed-in layout's query cache, once loaded). */
const resetListeners = new Set<() => void>();
/** Bumped by every reset, so a load that was running when the session ended cannot revive it. */
let generation = 0;

/** Who the user is, as both the sign-in answer and the user info tell it. */
function identity(id: number | string, username: string, user: { account: string; peerLabel?: string | null; directLabel?: string | null }) {
  return { userId: String(id), username, account: user.account, peerLabel: user.peerLabel ?? '', directLabel: user.directLabel ?? '' };
}

export function beginSession(result: SignInResult): void {
  setTokens({ token: result.token, refreshToken: result.refreshToken });
  updateSession({ ...identity(result.userid, result.username, result), routes: null });
}

/** Loads the user info and the route tree, once: navigations arriving meanwhile share the load. */
export function ensureSession(): Promise<void> {
  if (sessionStore.get().routes) return Promise.resolve();
  if (!loading) {
    const load = loadSession(generation).finally(() => {
      if (loading === load) loading = null;
    });
    loading = load;
  }
  return loading;
}

async function loadSession(started: number): Promise<void> {
  // both asked at once: neither depends on the other, and a page load waits for the slower only
  const [info, tree] = await Promise.all([fetchUserInfo(), fetchRouteTree()]);
  assertCurrent(started);
  const roles = info.roleCodes ?? [];
  const permissions = info.rermissionCodes ?? info.permissionCodes ?? [];
  updateSession({
    ...identity(info.id, info.fullName, info),
    breakSR: 1,
    isSuperAdmin: info.isSuperAdmin,
    // Empty lists leave the current ones in place, as the original client did.
    ...(roles.length > 0 ? { roles } : {}),
    ...(permissions.length > 0 ? { permissions } : {}),
    mustChangePassword: info.mustChangePassword === true,
  });
  // every other call answers 403 until the password is changed (the routes none): the shell shows the change dialog alone
  if (info.mustChangePassword) return updateSession({ routes: [] });
  replaceRoutes(tree);
}

function assertCurrent(started: number): void {
  if (started !== generation) throw new Error('The session ended while it was loading');
}

/** Installs a route tree (from the load or pushed by the server), dropping what the user's guard refuses. */
export function replaceRoutes(tree: RouteNode[]): void {
  updateSession({ routes: filterRoutes(tree, accessOf(sessionStore.get())) });
}

/** Forgets everything about the signed-in user: tokens, user, routes and cached server data. */
export function resetSession(): void {
  generation += 1;
  loading = null;
  clearTokens();
  clearSession();
  resetListeners.forEach((listener) => listener());
}

/** Has `listener` forget what it holds of the user whenever the session is reset. */
export function onSessionReset(listener: () => void): void {
  resetListeners.add(listener);
}
