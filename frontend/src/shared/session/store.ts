import { useMemo } from 'react';
import type { RouteNode } from '@/shared/routing/routeTree';
import type { Access } from '@/shared/permission';
import { createStore, useStore } from '@/shared/store/createStore';

export interface SessionState {
  userId: string | null;
  username: string;
  account: string;
  peerLabel: string;
  directLabel: string;
  /** 1 once the user info is loaded, 0 after a reset (read by order screens). */
  breakSR: 0 | 1;
  isSuperAdmin: boolean;
  roles: string[];
  permissions: string[];
  /** The user's route tree; null until loaded, which is what sends the guard to load it. */
  routes: RouteNode[] | null;
  /** The password was set by someone else: nothing but the change-password dialog until it is changed. */
  mustChangePassword: boolean;
}

/** Fields kept in localStorage under these names, so a reload knows who was signed in. */
const PERSISTED = ['userId', 'username', 'peerLabel', 'directLabel', 'breakSR'] as const;
type Persisted = (typeof PERSISTED)[number];
const STORAGE_KEYS: Record<Persisted, string> = {
  userId: 'userid',
  username: 'username',
  peerLabel: 'peerLabel',
  directLabel: 'directLabel',
  breakSR: 'breakSR',
};

const EMPTY: SessionState = {
  userId: null,
  username: '',
  account: '',
  peerLabel: '',
  directLabel: '',
  breakSR: 0,
  isSuperAdmin: false,
  roles: [],
  permissions: [],
  routes: null,
  mustChangePassword: false,
};

function readPersisted(): SessionState {
  const read = (field: Persisted) => localStorage.getItem(STORAGE_KEYS[field]);
  return {
    ...EMPTY,
    userId: read('userId'),
    username: read('username') ?? '',
    peerLabel: read('peerLabel') ?? '',
    directLabel: read('directLabel') ?? '',
    breakSR: read('breakSR') === '1' ? 1 : 0,
  };
}

export const sessionStore = createStore<SessionState>(readPersisted());

/** Updates the session, writing the persisted fields through to localStorage. */
export function updateSession(patch: Partial<SessionState>): void {
  for (const field of PERSISTED) {
    if (!(field in patch)) continue;
    const value = patch[field];
    if (value === null || value === '') localStorage.removeItem(STORAGE_KEYS[field]);
    else localStorage.setItem(STORAGE_KEYS[field], String(value));
  }
  sessionStore.set(patch);
}

export function clearSession(): void {
  updateSession(EMPTY);
}

export function useSession<S>(selector: (state: SessionState) => S): S {
  return useStore(sessionStore, selector);
}

export function accessOf(state: SessionState): Access {
  return { roles: state.roles, permissions: state.permissions, isSuperAdmin: state.isSuperAdmin };
}

/** The signed-in user's access, stable between renders while it does not change. */
export function useSessionAccess(): Access {
  const roles = useSession((state) => state.roles);
  const permissions = useSession((state) => state.permissions);
  const isSuperAdmin = useSession((state) => state.isSuperAdmin);
  return useMemo(() => ({ roles, permissions, isSuperAdmin }), [roles, permissions, isSuperAdmin]);
}
