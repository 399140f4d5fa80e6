import { Catch, HttpException, HttpStatus, Inject, Optional, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Prisma } from '../generated/prisma/client.js';
import { AppError, FieldErrors } from './app-error.js';
import { ErrorLog } from './error-log.js';
import { DISK_FULL_ALARM, isDiskFull, type DiskFullAlarm } from './disk-full.js';
import { databaseBusyAnswer, databaseUnavailableAnswer, isDatabaseBusy, isDatabaseUnavailable } from './database-unavailable.js';
import type { ErrorEnvelope } from './envelope.js';
import { t } from './messages.js';
import { urlPath } from './url-path.js';
import { NotThisRoute } from './params.js';

/** Prisma's codes for a value the database refused as data: too long (P2000), malformed (P2007), out of range (P2020). */
const DATA_EXCEPTIONS = new Set(['P2000', 'P2007', 'P2020']);

/**
 * A value the database refused as data (SQLSTATE class 22: too long, out of range, a date that does not
 * exist, an untranslatable character): the DTOs bound what they accept, so this is the last net for values
 * derived from input (a sum of weights, an amount times a rate) and answers 400, not 500.
 */
function isDataException(error: Prisma.PrismaClientKnownRequestError): boolean {
  if (DATA_EXCEPTIONS.has(error.code)) return true;
  const cause = (error.meta?.driverAdapterError as { cause?: { originalCode?: string } } | undefined)?.cause;
  return error.code === 'P2039' && typeof cause?.originalCode === 'string' && cause.originalCode.startsWith('22');
}

/**
 * Turns every error into the envelope. Known errors keep their status and message; a database that
 * cannot be reached is a 503 that says so; a full disk is a 507 that says whom to tell (and tells the
 * administrators, common/disk-full.ts); anything else is a 500 with a generic message, its details
 * stored in the exception log (with the request id the envelope carries) and never sent to the client.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(
    private readonly errors: ErrorLog,
    @Optional() @Inject(DISK_FULL_ALARM) private readonly diskFull?: DiskFullAlarm,
  ) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    // the path is not the matched handler's (a choice parameter out of its list): the router goes on
    if (error instanceof NotThisRoute) return http.getNext<() => void>()();
    const req = http.getRequest<Request & { principal?: { userId: number } }>();
    const res = http.getResponse<Response>();
    const { status, message, headers } = this.describe(error, req);
    const recorded = status >= 500 ? error : error instanceof FieldErrors ? error.cause : undefined;
    if (recorded !== undefined) {
      const err = recorded instanceof Error ? recorded : new Error(String(recorded));
      this.errors.recordError({
        message: err.message,
        stack: err.stack,
        method: req.method,
        route: req.originalUrl,
        userId: req.principal?.userId,
      });
      if (isDiskFull(recorded)) this.diskFull?.raise(err, req.originalUrl);
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const body: ErrorEnvelope = { success: false, code: status, message, data: null, requestId: String(req.id) };
    res.status(status).json(body);
  }

  private describe(error: unknown, req: Request): { status: number; message: string; headers: Record<string, string> } {
    if (error instanceof AppError) return { status: error.status, message: error.translated(), headers: error.headers };
    if (error instanceof FieldErrors) {
      return { status: HttpStatus.BAD_REQUEST, message: JSON.stringify(error.fields), headers: {} };
    }
    if (error instanceof Prisma.PrismaClientKnownRequestError) {
      if (error.code === 'P2025') return { status: HttpStatus.NOT_FOUND, message: t('notFound'), headers: {} };
      if (isDataException(error))
        return {
          status: HttpStatus.BAD_REQUEST,
          message: JSON.stringify({ [error.meta?.column_name ? String(error.meta.column_name) : 'value']: [t('valueNotStorable')] }),
          headers: {},
        };
      if (error.code === 'P2002') {
        const target = (error.meta?.target as string[] | undefined)?.join(',') ?? 'value';
        return { status: HttpStatus.BAD_REQUEST, message: JSON.stringify({ [target]: [t('validationFailed')] }), headers: {} };
      }
    }
    if (error instanceof HttpException) {
      const status = error.getStatus();
      if (status === HttpStatus.NOT_FOUND) return { status, message: t('routeNotFound', { path: urlPath(req.originalUrl) }), headers: {} };
      const response = error.getResponse();
      const text = typeof response === 'string' ? response : ((response as { message?: unknown }).message ?? error.message);
      return { status, message: Array.isArray(text) ? text.join('; ') : String(text), headers: {} };
    }
    if (isDiskFull(error)) return { status: HttpStatus.INSUFFICIENT_STORAGE, message: t('diskFull'), headers: {} };
    if (isDatabaseUnavailable(error)) return databaseUnavailableAnswer();
    if (isDatabaseBusy(error)) return databaseBusyAnswer();
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: t('serverError'), headers: {} };
  }
}
