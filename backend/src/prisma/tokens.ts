/** Injection token of the raw Prisma client (no change-log extension): for the audit writer only. */
export const BASE_CLIENT = Symbol('BASE_CLIENT');
