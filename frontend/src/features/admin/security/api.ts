import type { HttpMethod } from '@forwarder/domain';
import type { ListFilters, Schema } from '@/shared/api';

export const SECURITY_LIST = '/security/list';

export type SecurityFilters = ListFilters<'SecurityListDto'>;

/** A row of `POST /security/list`: one API route with its access rule, read from the handler itself. */
export type SecurityRow = Omit<Schema<'SecurityRow'>, 'method'> & { method: HttpMethod };
