import { createStore, useStore } from '@/shared/store/createStore';

/** The portal's own key: a staff session in the same browser (`token`) is never read or touched. */
const TOKEN_KEY = 'portal.token';

/**
 * Why the last session ended, for the sign-in screen to say: the customer signed out, the staff forced
 * the session off or unbound the account, or the token is no longer accepted.
 */
export type SessionEnd = 'signedOut' | 'forcedOff' | 'unbound' | 'expired';

interface SessionState {
  token: string | null;
  ended: SessionEnd | null;
}

const sessionStore = createStore<SessionState>({ token: localStorage.getItem(TOKEN_KEY), ended: null });

export function getPortalToken(): string | null {
  return sessionStore.get().token;
}

/** Why the last session ended (null while one is open or none ended yet). */
export function getSessionEnd(): SessionEnd | null {
  return sessionStore.get().ended;
}

/** After binding or signing in: the token the server gave. */
export function startSession(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  sessionStore.set({ token, ended: null });
}

/** Forgets the token; `why` is shown on the sign-in screen. Ending an ended session keeps its first reason. */
export function endSession(why: SessionEnd): void {
  const { token, ended } = sessionStore.get();
  localStorage.removeItem(TOKEN_KEY);
  sessionStore.set({ token: null, ended: token ? why : ended });
}

export function useSession(): SessionState {
  return useStore(sessionStore);
}
