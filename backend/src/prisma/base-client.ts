// The Prisma client on its own pg pool: named prepared statements, and the pool kept reachable for the
// reads and writes that go around Prisma's own per-statement work (PrismaService.readRows, the audit log).
import { Logger } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { Prisma, PrismaClient } from '../generated/prisma/client.js';
import { TRANSACTION_LIMITS } from '../config/app-config.js';

/**
 * Statements up to this length are prepared once per connection under a name derived from their text
 * (PostgreSQL then skips parsing and planning them again); longer ones (bulk inserts of many rows, whose
 * text differs with the row count) stay unnamed so a connection does not collect them.
 */
const PREPARED_MAX_SQL = 4000;
const statementNames = new Map<string, string>();
export function statementName(query: { sql: string }): string | undefined {
  if (query.sql.length > PREPARED_MAX_SQL) return undefined;
  let name = statementNames.get(query.sql);
  if (!name) {
    if (statementNames.size >= 5_000) statementNames.clear();
    name = `p${createHash('sha1').update(query.sql).digest('base64url')}`;
    statementNames.set(query.sql, name);
  }
  return name;
}

/** The connection pool under each client, for `PrismaService.readRows`. */
const pools = new WeakMap<PrismaClient, pg.Pool>();

/** The pool a client made by `createBaseClient` runs on. */
export function poolOf(client: PrismaClient): pg.Pool {
  const pool = pools.get(client);
  if (!pool) throw new Error('the client was not made by createBaseClient');
  return pool;
}

/**
 * A client on a pool of `max` connections whose interactive transactions run at most `limits.timeout` ms
 * (and wait at most `limits.maxWait` ms for a connection). A statement waits for a lock no longer than a
 * transaction may run (`lock_timeout`), so a transaction past its time does not keep its connection
 * blocked behind a lock; a session left idle inside a transaction (a client gone mid-way) is ended by the
 * server after a minute.
 */
export function createBaseClient(connectionString: string, max = 20, limits = TRANSACTION_LIMITS): PrismaClient {
  const pool = new pg.Pool({
    connectionString,
    max,
    options: `-c lock_timeout=${limits.timeout} -c idle_in_transaction_session_timeout=${Math.max(60_000, limits.timeout * 2)}`,
  });
  // an idle connection the server dropped: the pool replaces it; the error must not end the process
  pool.on('error', (error) => new Logger('Database').warn(`idle connection lost: ${error.message}`));
  const client = new PrismaClient({
    adapter: new PrismaPg(pool, { statementNameGenerator: statementName as (query: { sql: string }) => string, disposeExternalPool: true }),
    transactionOptions: limits,
    // Prisma's other formats capture a stack (`new Error()`) on every call to frame a failing query's call site
    // in its message: 3 % of the demo load's CPU, about 12 µs a query. No caller shows Prisma's message to a
    // user (the exception filter answers a generic one), and the error log keeps the error's own stack.
    errorFormat: 'minimal',
  });
  pools.set(client, pool);
  return client;
}

/**
 * Rows as `$queryRaw` gives them (numeric as Prisma.Decimal, bigint as BigInt, date as a Date at UTC
 * midnight, timestamps as Date), parsed by `pg` itself.
 */
export const RAW_TYPES = {
  getTypeParser: (oid: number, format?: string) => {
    if (format === 'binary') return pg.types.getTypeParser(oid, 'binary');
    if (oid === pg.types.builtins.NUMERIC) return (value: string) => new Prisma.Decimal(value);
    if (oid === pg.types.builtins.INT8) return (value: string) => BigInt(value);
    if (oid === pg.types.builtins.DATE) return (value: string) => new Date(`${value}T00:00:00Z`);
    return pg.types.getTypeParser(oid, 'text');
  },
} as pg.CustomTypesConfig;
