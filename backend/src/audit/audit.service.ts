import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { PrismaClient, Prisma } from '../generated/prisma/client.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { poolOf } from '../prisma/base-client.js';
import { BASE_CLIENT } from '../prisma/tokens.js';

export interface RequestRecord {
  method: string;
  path: string;
  userId?: number;
  ip?: string;
  status: number;
  durationMs: number;
  params?: unknown;
  userAgent?: string;
}

export interface ErrorRecord {
  message: string;
  stack?: string;
  method?: string;
  route?: string;
  userId?: number;
}

export interface DataChange {
  tableName: string;
  operation: string;
  recordId?: string;
  userId?: number;
  before: unknown;
  after: unknown;
}

const FLUSH_MS = 300;
const BATCH = 500;

/**
 * Writes the audit trail (requests, exceptions, data changes) in batches from in-memory queues, so that
 * logging never adds a database round trip to the request being served. `flush()` drains the queues
 * (tests call it; shutdown calls it).
 */
@Injectable()
export class AuditService implements OnModuleDestroy {
  private readonly logger = new Logger('Audit');
  private requests: RequestRecord[] = [];
  private errors: Prisma.ErrorLogCreateManyInput[] = [];
  private changes: Prisma.DataChangeLogCreateManyInput[] = [];
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    @Inject(BASE_CLIENT) private readonly client: PrismaClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  recordRequest(record: RequestRecord) {
    if (!this.config.auditEnabled) return;
    this.requests.push(record);
    this.schedule();
  }

  recordError(record: ErrorRecord) {
    this.logger.error(`${record.method ?? ''} ${record.route ?? ''}: ${record.message}`, record.stack);
    this.errors.push(record);
    this.schedule();
  }

  recordChange(change: DataChange) {
    if (!this.config.auditEnabled) return;
    this.changes.push({
      ...change,
      before: (change.before ?? undefined) as Prisma.InputJsonValue | undefined,
      after: (change.after ?? undefined) as Prisma.InputJsonValue | undefined,
    });
    this.schedule();
  }

  /** Writes everything queued so far. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.flushing.then(() => this.writeQueued());
    return this.flushing;
  }

  async onModuleDestroy() {
    await this.flush();
  }

  private schedule() {
    const queued = this.requests.length + this.errors.length + this.changes.length;
    if (queued >= BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  /**
   * The request log, the one written on every call: one statement per batch with a column of values
   * each (`unnest`), on the pool under Prisma. Through Prisma's createMany a batch of a few hundred rows
   * held the event loop for tens of milliseconds (bench:orders), which every request in flight waited for.
   */
  private async writeRequests(requests: RequestRecord[]) {
    const column = <K extends keyof RequestRecord>(key: K) => requests.map((r) => r[key] ?? null);
    await poolOf(this.client).query(
      `insert into request_log (method, path, user_id, ip, status, duration_ms, params, user_agent)
       select * from unnest($1::varchar[], $2::varchar[], $3::int[], $4::varchar[], $5::int[], $6::int[], $7::jsonb[], $8::varchar[])`,
      [
        column('method'),
        column('path'),
        column('userId'),
        column('ip'),
        column('status'),
        column('durationMs'),
        requests.map((r) => (r.params === undefined ? null : JSON.stringify(r.params))),
        column('userAgent'),
      ],
    );
  }

  private async writeQueued() {
    const [requests, errors, changes] = [this.requests, this.errors, this.changes];
    this.requests = [];
    this.errors = [];
    this.changes = [];
    try {
      if (requests.length) await this.writeRequests(requests);
      if (errors.length) await this.client.errorLog.createMany({ data: errors });
      if (changes.length) await this.client.dataChangeLog.createMany({ data: changes });
    } catch (error) {
      // The audit trail must never take the application down; what could not be written is reported here.
      this.logger.error(`could not write audit records: ${(error as Error).message}`);
    }
  }
}
