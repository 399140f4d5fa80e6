import { createContext, useContext, type ReactNode } from 'react';
import type { PermissionCode } from '@forwarder/domain';
import { hasPermission, type Access } from './hasPermission';

/**
 * A check written in the code: its permission codes are the catalogue's (packages/domain,
 * permissions.ts), so a code the server does not know does not compile. (Checks that come as data, the
 * route guards of the server's menu, are plain PermissionChecks.)
 */
export type CodedCheck = readonly PermissionCode[] | { role?: readonly string[]; permission?: readonly PermissionCode[]; mode?: 'oneOf' | 'allOf' | 'except' };

const NO_ACCESS: Access = { roles: [], permissions: [], isSuperAdmin: false };

const AccessContext = createContext<Access>(NO_ACCESS);

/** Provided by the app from the signed-in user; everything that checks permissions reads it. */
export const AccessProvider = AccessContext.Provider;

export function useAccess(): Access {
  return useContext(AccessContext);
}

export function usePermission(check: CodedCheck | undefined): boolean {
  return hasPermission(check, useAccess());
}

/** Renders its children only when the user passes the check (a guarded element is removed, not disabled). */
export function Permission({ check, children }: { check: CodedCheck; children: ReactNode }) {
  return usePermission(check) ? children : null;
}
