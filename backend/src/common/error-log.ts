/** An error to keep in the exception log (what the exception filter and the daily jobs report). */
export interface ErrorRecord {
  message: string;
  stack?: string;
  method?: string;
  route?: string;
  userId?: number;
}

/**
 * Where the exception filter sends the errors it keeps: the audit area's exception log (AuditService is
 * provided under this token by the Prisma module), so the bottom layer names no layer above it.
 */
export abstract class ErrorLog {
  abstract recordError(record: ErrorRecord): void;
}
