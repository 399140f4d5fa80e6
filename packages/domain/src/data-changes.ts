/**
 * The write operations the operation log (/log/sql) records: single-record ones with the record before and
 * after, bulk ones with their filter and count. The server audits them; the log screen filters and names them.
 */
export const SINGLE_WRITES = ['create', 'update', 'upsert', 'delete'] as const;
export const BULK_WRITES = ['createMany', 'updateMany', 'deleteMany'] as const;
export const DATA_CHANGE_OPERATIONS = [...SINGLE_WRITES, ...BULK_WRITES] as const;
export type DataChangeOperation = (typeof DATA_CHANGE_OPERATIONS)[number];
