/**
 * What a route, menu entry or button asks of the user: a bare list of names (any of them, looked up in
 * roles and permissions together), or role and permission lists with a mode.
 */
export type PermissionCheck =
  | readonly string[]
  | {
      role?: readonly string[];
      permission?: readonly string[];
      /** oneOf (default): holds any listed name; allOf: holds every one; except: holds none. */
      mode?: 'oneOf' | 'allOf' | 'except';
    };

export interface Access {
  roles: readonly string[];
  permissions: readonly string[];
  isSuperAdmin: boolean;
}

export function hasPermission(check: PermissionCheck | undefined, access: Access): boolean {
  if (access.isSuperAdmin || check === undefined) return true;
  if (isNameList(check)) {
    if (check.length === 0) return true;
    const owned = new Set([...access.roles, ...access.permissions]);
    return check.some((name) => owned.has(name));
  }
  const roles = new Set(access.roles);
  const permissions = new Set(access.permissions);
  const held = [...(check.role ?? []).map((role) => roles.has(role)), ...(check.permission ?? []).map((code) => permissions.has(code))];
  if (held.length === 0) return true;
  switch (check.mode ?? 'oneOf') {
    case 'allOf':
      return held.every(Boolean);
    case 'except':
      return !held.some(Boolean);
    case 'oneOf':
      return held.some(Boolean);
  }
}

// Array.isArray does not narrow readonly arrays out of a union.
function isNameList(check: PermissionCheck): check is readonly string[] {
  return Array.isArray(check);
}
