export const SECURITY_LIST = '/security/list';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Who may call a route: anyone, anyone signed in, or holders of one of its permission codes. */
export const ACCESS_KINDS = ['public', 'signedIn', 'permission'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

export interface SecurityFilters {
  path?: string;
  method?: HttpMethod;
  /** part of a permission code, e.g. "role:" */
  permission?: string;
  access?: AccessKind;
}

interface NamedRole {
  id: number;
  code: string;
  name: string;
  nameEn: string | null;
}

/** A row of `POST /security/list`: one API route with its access rule, read from the handler itself. */
export interface SecurityRow {
  method: HttpMethod;
  path: string;
  handler: string;
  /** 'none' only for a handler without a rule, which the guard refuses */
  access: AccessKind | 'none';
  permissions: { code: string; name: string; nameEn: string; roles: NamedRole[] }[];
  /** the rule in words, in the request's language */
  note: string;
}
