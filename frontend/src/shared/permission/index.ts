export { hasPermission, type Access, type PermissionCheck } from './hasPermission';
export { AccessProvider, Permission, useAccess, usePermission, type CodedCheck } from './Permission';
