import type { PermissionCode, PortalPermission } from '@forwarder/domain';
import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';

/**
 * Every handler declares who may call it, with exactly one of these decorators (a test walks all routes
 * and fails on any handler without one):
 * - `@Public()`: anyone, signed in or not (login, initialize);
 * - `@SignedIn()`: any signed-in user (their own profile, logout, their route tree);
 * - `@Perm('code', ...)`: a signed-in user holding one of the codes; super admins pass everything;
 * - `@PermOf<T>('param', codesOf)`: the same, the codes computed by a domain function from the value
 *   of a choice parameter of the path (`@ChoiceParam`, params.ts):
 *   `@PermOf<UpgradeStage>('stage', upgradePermission)` on `upgrade/:stage` asks `order:upgrade:sail` of
 *   upgrade/sail;
 * - `@Customer('wechat:…')`: a customer's portal session (docs/portal.md) holding that code; staff tokens are
 *   refused there (403), as portal tokens are on every route of the other kinds.
 */
export type AccessRule =
  { kind: 'public' } | { kind: 'signedIn' } | { kind: 'permission'; codes: PermissionCode[] } | { kind: 'customer'; code: PortalPermission | null };

/** A permission rule whose codes follow the value of a choice parameter of the path. */
export interface ParamPermissionRule {
  kind: 'permissionOf';
  param: string;
  codesOf: (value: string) => PermissionCode[];
}

/** What a handler declares: a rule, or a permission rule that a request's path completes (`accessFor`). */
export type DeclaredAccess = AccessRule | ParamPermissionRule;

export const ACCESS_RULE = 'fwd:access-rule';

export const Public = () => SetMetadata(ACCESS_RULE, { kind: 'public' } satisfies AccessRule);
export const SignedIn = () => SetMetadata(ACCESS_RULE, { kind: 'signedIn' } satisfies AccessRule);
export const Perm = (...codes: [PermissionCode, ...PermissionCode[]]) => SetMetadata(ACCESS_RULE, { kind: 'permission', codes } satisfies AccessRule);
/** A portal route: a customer's session, holding `code` when one is named (PORTAL_PERMISSIONS). */
export const Customer = (code: PortalPermission | null = null) => SetMetadata(ACCESS_RULE, { kind: 'customer', code } satisfies AccessRule);
export const PermOf = <T extends string>(param: string, codesOf: (value: T) => PermissionCode | readonly PermissionCode[]) =>
  SetMetadata(ACCESS_RULE, { kind: 'permissionOf', param, codesOf: (value) => [codesOf(value as T)].flat() } satisfies ParamPermissionRule);

export const BEFORE_PASSWORD_CHANGE = 'fwd:before-password-change';

/**
 * A signed-in route that also answers a user who must change their password first (a password someone
 * else set): the change itself, sign-out and what the shell needs to open the change dialog. Every other
 * route answers such a user 403 `passwordChangeRequired` (AccessGuard).
 */
export const BeforePasswordChange = () => SetMetadata(BEFORE_PASSWORD_CHANGE, true);

/** The rule a request meets, given the values its path names for the handler's choice parameters. */
export function accessFor(rule: DeclaredAccess, chosen: Readonly<Record<string, string>>): AccessRule {
  if (rule.kind !== 'permissionOf') return rule;
  const value = chosen[rule.param];
  if (value === undefined) throw new Error(`@PermOf('${rule.param}') names no @ChoiceParam of its handler`);
  return { kind: 'permission', codes: rule.codesOf(value) };
}

/** The signed-in user of the request, as the guard established it. */
export interface Principal {
  userId: number;
  sessionId: string;
  account: string;
  fullName: string;
  isSuperAdmin: boolean;
  roleCodes: string[];
  permissionCodes: string[];
  /** The password was set by someone else: only @BeforePasswordChange routes answer until it is changed. */
  mustChangePassword: boolean;
}

/** The customer's portal session of a request (@Customer routes), as the guard established it. */
export interface PortalPrincipal {
  accountId: number;
  customerId: number;
  /** the bound mini-program row that stands for the account in the staff's screens */
  wechatId: number;
  /** the stored id (SHA-256) of the session */
  sessionId: string;
  /** the session id the token carries (the hub token is tied to it) */
  sid: string;
  name: string;
  account: string;
  lang: string;
  permissionCodes: string[];
}

export const CurrentCustomer = createParamDecorator((_: unknown, ctx: ExecutionContext): PortalPrincipal => {
  return ctx.switchToHttp().getRequest().portal;
});

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  return ctx.switchToHttp().getRequest().principal;
});

/** Whether a principal passes a permission rule: super admins pass all, others need one of the codes. */
export function holdsAny(user: Pick<Principal, 'isSuperAdmin' | 'permissionCodes'>, codes: readonly PermissionCode[]): boolean {
  return user.isSuperAdmin || codes.some((code) => user.permissionCodes.includes(code));
}
