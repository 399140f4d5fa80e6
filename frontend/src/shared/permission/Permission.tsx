import { createContext, useContext, type ReactNode } from 'react';
import { hasPermission, type Access, type PermissionCheck } from './hasPermission';

const NO_ACCESS: Access = { roles: [], permissions: [], isSuperAdmin: false };

const AccessContext = createContext<Access>(NO_ACCESS);

/** Provided by the app from the signed-in user; everything that checks permissions reads it. */
export const AccessProvider = AccessContext.Provider;

export function useAccess(): Access {
  return useContext(AccessContext);
}

export function usePermission(check: PermissionCheck | undefined): boolean {
  return hasPermission(check, useAccess());
}

/** Renders its children only when the user passes the check (a guarded element is removed, not disabled). */
export function Permission({ check, children }: { check: PermissionCheck; children: ReactNode }) {
  return usePermission(check) ? children : null;
}
