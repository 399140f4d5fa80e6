import type { PermissionCode } from '@forwarder/domain';
import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';

/**
 * Every handler declares who may call it, with exactly one of these decorators (a test walks all routes
 * and fails on any handler without one):
 * - `@Public()`: anyone, signed in or not (login, initialize);
 * - `@SignedIn()`: any signed-in user (their own profile, logout, their route tree);
 * - `@Perm('code', ...)`: a signed-in user holding one of the codes; super admins pass everything.
 */
export type AccessRule = { kind: 'public' } | { kind: 'signedIn' } | { kind: 'permission'; codes: PermissionCode[] };

export const ACCESS_RULE = 'fwd:access-rule';

export const Public = () => SetMetadata(ACCESS_RULE, { kind: 'public' } satisfies AccessRule);
export const SignedIn = () => SetMetadata(ACCESS_RULE, { kind: 'signedIn' } satisfies AccessRule);
export const Perm = (...codes: [PermissionCode, ...PermissionCode[]]) => SetMetadata(ACCESS_RULE, { kind: 'permission', codes } satisfies AccessRule);

/** The signed-in user of the request, as the guard established it. */
export interface Principal {
  userId: number;
  sessionId: string;
  account: string;
  fullName: string;
  isSuperAdmin: boolean;
  roleCodes: string[];
  permissionCodes: string[];
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  return ctx.switchToHttp().getRequest().principal;
});

/** Whether a principal passes a permission rule: super admins pass all, others need one of the codes. */
export function holdsAny(user: Pick<Principal, 'isSuperAdmin' | 'permissionCodes'>, codes: readonly PermissionCode[]): boolean {
  return user.isSuperAdmin || codes.some((code) => user.permissionCodes.includes(code));
}
