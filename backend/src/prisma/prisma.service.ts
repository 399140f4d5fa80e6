import { BULK_WRITES, SINGLE_WRITES } from '@forwarder/domain';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import pg from 'pg';
import { Prisma, PrismaClient } from '../generated/prisma/client.js';
import { AuditService, type DataChange } from '../audit/audit.service.js';
import { requestContext } from '../common/request-context.js';
import { createBaseClient, poolOf, RAW_TYPES, statementName } from './base-client.js';
import { BASE_CLIENT } from './tokens.js';

export { BASE_CLIENT, createBaseClient };

/**
 * The select list of a model's scalar fields under their Prisma names, for `readRows` (`order_no as
 * "orderNo", …`): a column is its field's name in snake_case, as the schema maps them; `readRows` then
 * answers rows shaped as the model's (test/prisma-read-rows.spec.ts compares them with Prisma's own).
 */
export function columnsOf(fields: Record<string, string>): Prisma.Sql {
  return Prisma.raw(
    Object.keys(fields)
      .map((field) => `${columnOf(field)} as "${field}"`)
      .join(', '),
  );
}

/** A field's column as the schema maps them: its name in snake_case (`createdAt` → `created_at`). */
export const columnOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export { DATA_CHANGE_OPERATIONS } from '@forwarder/domain';

/** Tables whose writes are not worth (or not safe) to copy into the operation log. */
const UNAUDITED = new Set(['RequestLog', 'ErrorLog', 'DataChangeLog', 'AuthSession', 'LoginFailure', 'ServerKey', 'NoticeRead']);

/** The record's identity: its id, or the natural key of tables keyed otherwise (permission code, setting key). */
function recordIdOf(record: unknown): string | undefined {
  const row = record as { id?: unknown; code?: unknown; key?: unknown } | null;
  const id = row?.id ?? row?.code ?? row?.key;
  return id === undefined || id === null ? undefined : String(id);
}

/**
 * The database client the application uses: the Prisma client plus an extension that copies every write
 * (table, operation, record id, user, before and after) into the operation log through the audit queue,
 * off the request path; the audit service masks secret columns (audit/redaction.ts) before queueing.
 */
function withChangeLog(base: PrismaClient, audit: AuditService) {
  return base.$extends({
    name: 'change-log',
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          const single = (SINGLE_WRITES as readonly string[]).includes(operation);
          // createManyAndReturn is logged as the createMany it is, with the number of rows it made
          const returnsMany = operation === 'createManyAndReturn';
          const many = returnsMany || (BULK_WRITES as readonly string[]).includes(operation);
          if ((!single && !many) || UNAUDITED.has(model)) return query(args);
          const delegate = (base as unknown as Record<string, { findUnique(a: unknown): Promise<unknown> }>)[model.charAt(0).toLowerCase() + model.slice(1)];
          const where = (args as { where?: unknown }).where;
          const before = single && operation !== 'create' && where ? await delegate.findUnique({ where }) : null;
          const result = await query(args);
          const change: DataChange = {
            tableName: model,
            operation: returnsMany ? 'createMany' : operation,
            recordId: single ? recordIdOf(result ?? before) : undefined,
            userId: requestContext.get()?.userId,
            before,
            after: single
              ? operation === 'delete'
                ? null
                : result
              : { where: where ?? null, count: returnsMany ? (result as unknown[]).length : (result as { count?: number })?.count },
          };
          audit.recordChange(change);
          return result;
        },
      },
    },
  });
}

export type Db = ReturnType<typeof withChangeLog>;
/** A client usable inside `db.$transaction(async (tx) => ...)`. */
export type Tx = Omit<Db, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

@Injectable()
export class PrismaService implements OnModuleDestroy {
  readonly db: Db;
  private readonly pool: pg.Pool;

  constructor(
    @Inject(BASE_CLIENT) readonly base: PrismaClient,
    audit: AuditService,
  ) {
    this.db = withChangeLog(base, audit);
    this.pool = poolOf(base);
  }

  /**
   * Runs a hand-written read statement (`Prisma.sql`) straight on the pool under Prisma: the same SQL and
   * the same row types as `db.$queryRaw`, without Prisma's own work per statement (≈ 0.2 ms of CPU, most
   * of a cheap statement's cost; docs/finance.md, Performance). Outside any transaction: for reads only.
   */
  async readRows<T extends unknown[]>(statement: Prisma.Sql): Promise<T> {
    const { text, values } = statement;
    const result = await this.pool.query({ text, values, name: statementName({ sql: text }), types: RAW_TYPES });
    return result.rows as T;
  }

  async onModuleDestroy() {
    await this.base.$disconnect();
  }
}
