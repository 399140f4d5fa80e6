import { BULK_WRITES, SINGLE_WRITES } from '@forwarder/domain';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { Prisma, PrismaClient } from '../generated/prisma/client.js';
import { AuditService, type DataChange } from '../audit/audit.service.js';
import { requestContext } from '../common/request-context.js';
import { createBaseClient, poolOf, RAW_TYPES, statementName } from './base-client.js';
import { commitHeldClaim } from './idempotency-claim.js';
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
const UNAUDITED = new Set([
  'RequestLog',
  'ErrorLog',
  'DataChangeLog',
  'AuthSession',
  'LoginFailure',
  'ServerKey',
  'NoticeRead',
  'IdempotencyKey',
  'MailOutbox',
]);

/** The record's identity: its id, or the natural key of tables keyed otherwise (permission code, setting key). */
function recordIdOf(record: unknown): string | undefined {
  const row = record as { id?: unknown; code?: unknown; key?: unknown } | null;
  const id = row?.id ?? row?.code ?? row?.key;
  return id === undefined || id === null ? undefined : String(id);
}

/** A model's delegate as the change log calls it: by operation name. */
type Delegate = Record<string, (args: unknown) => Promise<unknown>>;

/**
 * The transaction a write runs in, and the changes made in it so far: written in it just before it
 * commits, so a change and its log row are both kept or both lost, whatever happens to the process.
 */
interface ChangeScope {
  tx: Record<string, Delegate>;
  changes: DataChange[];
  /** false once the transaction has ended: work it started that outlives it writes on its own */
  open: boolean;
}
const changeScope = new AsyncLocalStorage<ChangeScope>();

const delegateName = (model: string) => model.charAt(0).toLowerCase() + model.slice(1);

/**
 * The database client the application uses: the Prisma client plus an extension that copies every write
 * (table, operation, record id, user, before and after) into the operation log in the write's own
 * transaction. A write made inside `db.$transaction` is logged when that transaction ends, before it
 * commits; a write made on its own runs in a transaction of its own with its log row. The audit service
 * masks secret columns (common/redaction.ts) before a row is written.
 */
function withChangeLog(base: PrismaClient, audit: AuditService, committed: (tables: ReadonlySet<string>) => void) {
  // set below, once the extended client it runs on exists
  let ownTransaction: (work: (tx: Record<string, Delegate>) => Promise<unknown>) => Promise<unknown> = () => Promise.reject(new Error('not ready'));
  const logged = base.$extends({
    name: 'change-log',
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          const single = (SINGLE_WRITES as readonly string[]).includes(operation);
          // createManyAndReturn is logged as the createMany it is, with the number of rows it made
          const returnsMany = operation === 'createManyAndReturn';
          const many = returnsMany || (BULK_WRITES as readonly string[]).includes(operation);
          if ((!single && !many) || UNAUDITED.has(model)) return query(args);
          const scope = changeScope.getStore();
          // a write on its own: in a transaction of its own, which logs it
          if (!scope?.open) return ownTransaction((tx) => tx[delegateName(model)][operation](args));
          const where = (args as { where?: unknown }).where;
          const before = single && operation !== 'create' && where ? await scope.tx[delegateName(model)].findUnique({ where }) : null;
          const result = await query(args);
          scope.changes.push({
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
          });
          return result;
        },
      },
    },
  });
  type Logged = typeof logged;
  type Interactive = Parameters<Logged['$transaction']>;

  /** `$transaction` with a callback, the change log's rows written in it before it commits. */
  async function transaction<R>(work: (tx: Omit<Logged, '$transaction'>) => Promise<R>, options?: Interactive[1]): Promise<R> {
    const request = requestContext.get();
    if (request) request.wrote = true;
    const written = new Set<string>();
    const result = await logged.$transaction(async (tx) => {
      const scope: ChangeScope = { tx: tx as unknown as Record<string, Delegate>, changes: [], open: true };
      try {
        const result = await changeScope.run(scope, async () => await work(tx as unknown as Omit<Logged, '$transaction'>));
        const rows = scope.changes.map((change) => audit.changeRow(change)).filter((row) => row !== undefined);
        if (rows.length) await tx.$executeRaw(insertChanges(rows));
        // under an Idempotency-Key, the key is marked committed with the create (idempotency-claim.ts)
        await commitHeldClaim(tx);
        return result;
      } finally {
        for (const change of scope.changes) written.add(change.tableName);
        scope.open = false;
      }
    }, options);
    if (written.size) committed(written);
    return result;
  }

  ownTransaction = (work) => transaction((tx) => work(tx as unknown as Record<string, Delegate>));

  return new Proxy(logged, {
    get: (target, property, receiver) =>
      property === '$transaction'
        ? (work: unknown, options?: Interactive[1]) =>
            // a batch of queries ([a, b]) is not used by the application; it runs as Prisma runs it
            typeof work === 'function'
              ? transaction(work as (tx: Omit<Logged, '$transaction'>) => Promise<unknown>, options)
              : target.$transaction(work as never)
        : Reflect.get(target, property, receiver),
  });
}

/** One statement writing a transaction's change-log rows, stamped by the database's clock of that moment. */
function insertChanges(rows: NonNullable<ReturnType<AuditService['changeRow']>>[]): Prisma.Sql {
  const values = rows.map(
    (row) => Prisma.sql`(${row.tableName}, ${row.operation}, ${row.recordId}, ${row.userId}, ${row.before}::jsonb, ${row.after}::jsonb, clock_timestamp())`,
  );
  return Prisma.sql`insert into data_change_log (table_name, operation, record_id, user_id, before, after, created_at) values ${Prisma.join(values)}`;
}

export type Db = ReturnType<typeof withChangeLog>;
/** A client usable inside `db.$transaction(async (tx) => ...)`. */
export type Tx = Omit<Db, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

@Injectable()
export class PrismaService implements OnModuleDestroy {
  readonly db: Db;
  private readonly pool: pg.Pool;
  private readonly commitListeners: ((tables: ReadonlySet<string>) => void)[] = [];
  private readonly logger = new Logger('Prisma');

  constructor(
    @Inject(BASE_CLIENT) readonly base: PrismaClient,
    audit: AuditService,
  ) {
    this.db = withChangeLog(base, audit, (tables) => {
      for (const listener of this.commitListeners) {
        try {
          listener(tables);
        } catch (error) {
          this.logger.error(`a listener of committed writes failed: ${(error as Error).message}`);
        }
      }
    });
    this.pool = poolOf(base);
  }

  /**
   * Calls `listener` with the models (Prisma names: `DictItem`) a transaction wrote, once it has committed:
   * the writes made through `db`, as the change log sees them (raw statements and the unaudited tables are
   * not). What caches a table's rows forgets them here.
   */
  onCommitted(listener: (tables: ReadonlySet<string>) => void): void {
    this.commitListeners.push(listener);
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
