import { HttpStatus } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client.js';
import { t } from './messages.js';
import type { Lang } from './request-context.js';

/** A database restart takes seconds: clients (and proxies) may try again after this. */
const RETRY_AFTER_SECONDS = 5;
/** A busy database frees up sooner than a restarting one. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * Prisma's codes for a database it cannot use at all: unreachable (P1001), timed out (P1002, P1008),
 * gone (P1003), closed the connection (P1017), no connection to be had from the pool (P2024).
 */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1003', 'P1008', 'P1017', 'P2024']);

/** The driver adapter's kinds of the same (`meta.driverAdapterError.cause.kind`). */
const ADAPTER_KINDS = new Set([
  'DatabaseNotReachable',
  'DatabaseDoesNotExist',
  'DatabaseAccessDenied',
  'AuthenticationFailed',
  'ConnectionClosed',
  'SocketTimeout',
  'TlsConnectionError',
  'TooManyConnections',
]);

/**
 * PostgreSQL's: connection exceptions (class 08), shut down by an administrator or a crash, starting up
 * (57P01-57P03), too many connections, no such database, refused sign-in.
 */
const SQLSTATE = /^(08...|57P0[1-3]|53300|3D000|28000|28P01)$/;

/**
 * Prisma's codes for a transaction that could not run to its end for want of time or because another one
 * got in the way: no connection to start it in time, or past its time limit (P2028), a write conflict or
 * deadlock (P2034). The transaction was rolled back: nothing of it is written.
 */
const BUSY_PRISMA_CODES = new Set(['P2028', 'P2034']);

/**
 * PostgreSQL's for the same: serialization failure (40001), deadlock (40P01), a lock not had within
 * lock_timeout (55P03), a statement cancelled by statement_timeout (57014).
 */
const BUSY_SQLSTATE = /^(40001|40P01|55P03|57014)$/;

/** Node's socket failures on the way to the server. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN']);

/** node-postgres's own words for a connection that broke or could not be had (it gives them no code). */
const PG_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|encountered a connection error and is not queryable/;

type Described = { code?: unknown; severity?: unknown; kind?: unknown; message?: unknown };

function says(fault: Described): boolean {
  const code = typeof fault.code === 'string' ? fault.code : '';
  return (
    SQLSTATE.test(code) ||
    SOCKET_CODES.has(code) ||
    // a FATAL error ends the session: the connection is gone, whatever the reason
    fault.severity === 'FATAL' ||
    (typeof fault.kind === 'string' && ADAPTER_KINDS.has(fault.kind)) ||
    (typeof fault.message === 'string' && PG_MESSAGES.test(fault.message))
  );
}

/** What an error says about itself, the errors it wraps (cause, AggregateError's errors) and the driver's fault under Prisma's. */
function faultsOf(error: unknown, seen = new Set<unknown>()): Described[] {
  if (!error || typeof error !== 'object' || seen.has(error) || seen.size > 20) return [];
  seen.add(error);
  const inner = error as { cause?: unknown; errors?: unknown; meta?: { driverAdapterError?: { cause?: unknown } } };
  return [
    error,
    ...faultsOf(inner.cause, seen),
    ...faultsOf(inner.meta?.driverAdapterError?.cause, seen),
    ...(Array.isArray(inner.errors) ? inner.errors.flatMap((e) => faultsOf(e, seen)) : []),
  ];
}

/**
 * Whether an error means the database cannot be reached (down, restarting, refusing connections) rather
 * than that a statement failed: such a request deserves 503 and a retry, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  if (error instanceof Prisma.PrismaClientKnownRequestError && PRISMA_CODES.has(error.code)) return true;
  return faultsOf(error).some(says);
}

/**
 * Whether an error means the database was too busy to finish the request's transaction in time (it was
 * rolled back): the request may be sent again as it was, so it deserves 503 and a retry, not a 500.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError && BUSY_PRISMA_CODES.has(error.code)) return true;
  return faultsOf(error).some((fault) => typeof fault.code === 'string' && BUSY_SQLSTATE.test(fault.code));
}

/** The answer to a request whose transaction the database could not finish in time: 503, try again shortly. */
export function databaseBusyAnswer(lang?: Lang): { status: number; message: string; headers: Record<string, string> } {
  return { status: HttpStatus.SERVICE_UNAVAILABLE, message: t('databaseBusy', {}, lang), headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) } };
}

/**
 * The answer to a request that failed for want of the database, wherever it is answered (the API's
 * envelope, the hub's plain text): 503, a message saying so in the request's language, when to retry.
 */
export function databaseUnavailableAnswer(lang?: Lang): { status: number; message: string; headers: Record<string, string> } {
  return { status: HttpStatus.SERVICE_UNAVAILABLE, message: t('databaseUnavailable', {}, lang), headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } };
}
