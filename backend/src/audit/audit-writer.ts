import pg from 'pg';

/** The rows of the three log tables, every value already storable (storable.ts) and redacted (redaction.ts). */
export interface RequestRow {
  method: string;
  path: string;
  userId: number | null;
  ip: string | null;
  status: number;
  durationMs: number;
  /** JSON text */
  params: string | null;
  userAgent: string | null;
  requestId: string | null;
  createdAt: Date;
}

export interface ErrorRow {
  message: string;
  stack: string | null;
  method: string | null;
  route: string | null;
  userId: number | null;
  requestId: string | null;
  createdAt: Date;
}

export interface ChangeRow {
  tableName: string;
  operation: string;
  recordId: string | null;
  userId: number | null;
  /** JSON text */
  before: string | null;
  /** JSON text */
  after: string | null;
  createdAt: Date;
}

export type AuditEntry = { kind: 'request'; row: RequestRow } | { kind: 'error'; row: ErrorRow } | { kind: 'change'; row: ChangeRow };
export type AuditKind = AuditEntry['kind'];
export type RowOf<K extends AuditKind> = Extract<AuditEntry, { kind: K }>['row'];

type Columns<K extends AuditKind> = readonly (readonly [column: string, field: keyof RowOf<K>, type: string])[];

/** Each kind's table and its columns: row field and SQL type. `created_at` is the time the record was made, not written. */
const TABLES: { [K in AuditKind]: { table: string; columns: Columns<K> } } = {
  request: {
    table: 'request_log',
    columns: [
      ['method', 'method', 'varchar'],
      ['path', 'path', 'varchar'],
      ['user_id', 'userId', 'int'],
      ['ip', 'ip', 'varchar'],
      ['status', 'status', 'int'],
      ['duration_ms', 'durationMs', 'int'],
      ['params', 'params', 'jsonb'],
      ['user_agent', 'userAgent', 'varchar'],
      ['request_id', 'requestId', 'varchar'],
      ['created_at', 'createdAt', 'timestamptz'],
    ],
  },
  error: {
    table: 'error_log',
    columns: [
      ['message', 'message', 'text'],
      ['stack', 'stack', 'text'],
      ['method', 'method', 'varchar'],
      ['route', 'route', 'varchar'],
      ['user_id', 'userId', 'int'],
      ['request_id', 'requestId', 'varchar'],
      ['created_at', 'createdAt', 'timestamptz'],
    ],
  },
  change: {
    table: 'data_change_log',
    columns: [
      ['table_name', 'tableName', 'varchar'],
      ['operation', 'operation', 'varchar'],
      ['record_id', 'recordId', 'varchar'],
      ['user_id', 'userId', 'int'],
      ['before', 'before', 'jsonb'],
      ['after', 'after', 'jsonb'],
      ['created_at', 'createdAt', 'timestamptz'],
    ],
  },
};

function insertSql<K extends AuditKind>(kind: K): string {
  const { table, columns } = TABLES[kind];
  const names = columns.map(([column]) => column).join(', ');
  const arrays = columns.map(([, , type], i) => `$${i + 1}::${type}[]`).join(', ');
  return `insert into ${table} (${names}) select * from unnest(${arrays})`;
}
const INSERT: { [K in AuditKind]: string } = { request: insertSql('request'), error: insertSql('error'), change: insertSql('change') };

/**
 * Whether the database refused rows for what they hold (a data exception, a constraint, a size limit:
 * SQLSTATE classes 22, 23, 54) rather than for being out of reach.
 */
export function refusedForContent(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|23|54)[0-9A-Z]{3}$/.test(code);
}

/**
 * Writes audit rows on the pool under Prisma: one statement per batch and table with a column of values
 * each (`unnest`). Through Prisma's createMany a batch of a few hundred rows held the event loop for tens
 * of milliseconds (bench:orders), which every request in flight waited for.
 */
export class AuditWriter {
  constructor(private readonly pool: pg.Pool) {}

  async write<K extends AuditKind>(kind: K, rows: readonly RowOf<K>[]): Promise<void> {
    const columns = TABLES[kind].columns;
    await this.pool.query(
      INSERT[kind],
      columns.map(([, field]) => rows.map((row) => row[field])),
    );
  }

  /** Whether the database answers at all: tells an unreachable database from rows it refuses. */
  async reachable(): Promise<boolean> {
    try {
      await this.pool.query('select 1');
      return true;
    } catch {
      return false;
    }
  }
}
