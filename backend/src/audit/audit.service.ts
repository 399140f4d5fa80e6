import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { requestContext } from '../common/request-context.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AuditWriter, refusedForContent, type AuditEntry, type AuditKind, type RowOf } from './audit-writer.js';
import { BoundedQueue } from './bounded-queue.js';
import { redactParams, redactRecord, redactRecordId, redactText } from '../common/redaction.js';
import { storableInt, storableJson, storableText } from '../common/storable.js';
import type { ErrorLog, ErrorRecord } from '../common/error-log.js';

export interface RequestRecord {
  method: string;
  path: string;
  userId?: number;
  ip?: string;
  status: number;
  durationMs: number;
  /** query and body as received: redacted here */
  params?: unknown;
  userAgent?: string;
  requestId?: string;
}

export interface DataChange {
  /** the Prisma model (or, for raw writes, the table) */
  tableName: string;
  operation: string;
  recordId?: string;
  userId?: number;
  /** rows as read and written: redacted here by the model's column policy */
  before: unknown;
  after: unknown;
}

const FLUSH_MS = 300;
const BATCH = 500;
/** Retries while the database is out of reach wait twice as long each time, between these bounds. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

const TABLE_OF: Record<AuditKind, string> = { request: 'request_log', error: 'error_log', change: 'data_change_log' };

/** The id of the request being served, when there is one (not in a background job). */
const currentRequestId = () => requestContext.get()?.requestId;

/**
 * Writes the audit trail (requests, exceptions, data changes) in batches from an in-memory queue, so
 * that logging never adds a database round trip to the request being served. Nothing a caller sends
 * can cost other records: each record is redacted and made storable before it is queued; a batch the
 * database refuses is written again row by row, so a bad row loses only itself (and is reported in the
 * exception log); while the database is out of reach the records wait (at most `auditQueueMax`, the
 * oldest dropped first and counted in the exception log) and are written when it answers again.
 * `flush()` writes what is queued now (tests call it; shutdown calls it).
 */
@Injectable()
export class AuditService implements OnModuleDestroy, ErrorLog {
  private readonly logger = new Logger('Audit');
  private readonly queue: BoundedQueue<AuditEntry>;
  /** records dropped from the full queue since the exception log last said so */
  private dropped = 0;
  private timer?: NodeJS.Timeout;
  private retryTimer?: NodeJS.Timeout;
  /** the wait before the next retry; 0 while the database is reachable */
  private retryMs = 0;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    @Inject(AuditWriter) private readonly writer: AuditWriter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.queue = new BoundedQueue(config.auditQueueMax);
  }

  recordRequest(record: RequestRecord) {
    const row = this.requestRow(record);
    if (row) this.enqueue('request', row);
  }

  /**
   * Writes the request's log row now, for a request that wrote to the database: its answer waits for the
   * row, so no answered write is without one, whatever happens to the process after. Rejects when the
   * database does not take it: the caller then queues it (recordRequest) with the answer it gave instead.
   */
  async writeRequest(record: RequestRecord): Promise<void> {
    const row = this.requestRow(record);
    if (row) await this.writer.write('request', [{ ...row, createdAt: new Date() }]);
  }

  private requestRow(record: RequestRecord): Omit<RowOf<'request'>, 'createdAt'> | undefined {
    if (!this.config.auditEnabled) return undefined;
    return {
      method: storableText(record.method, 10) ?? '',
      path: storableText(record.path, 500) ?? '',
      userId: storableInt(record.userId),
      ip: storableText(record.ip, 64),
      status: storableInt(record.status) ?? 0,
      durationMs: storableInt(record.durationMs) ?? 0x7fffffff,
      params: storableJson(redactParams(record.params)),
      userAgent: storableText(record.userAgent, 300),
      requestId: storableText(record.requestId, 64),
    };
  }

  recordError(record: ErrorRecord) {
    const message = redactText(record.message);
    const route = record.route === undefined ? undefined : redactText(record.route);
    this.logger.error(`${record.method ?? ''} ${route ?? ''}: ${message}`, record.stack && redactText(record.stack));
    this.enqueue('error', {
      message: storableText(message, 10_000) ?? '',
      stack: record.stack === undefined ? null : storableText(redactText(record.stack), 20_000),
      method: storableText(record.method, 10),
      route: storableText(route, 500),
      userId: storableInt(record.userId),
      requestId: storableText(currentRequestId(), 64),
    });
  }

  recordChange(change: DataChange) {
    const row = this.changeRow(change);
    if (row) this.enqueue('change', row);
  }

  /**
   * A change made storable and redacted as the log keeps it (undefined while auditing is off), for a
   * writer that stores it in the change's own transaction (prisma/prisma.service.ts) instead of the queue.
   */
  changeRow(change: DataChange): Omit<RowOf<'change'>, 'createdAt'> | undefined {
    if (!this.config.auditEnabled) return undefined;
    return {
      tableName: storableText(change.tableName, 100) ?? '',
      operation: storableText(change.operation, 20) ?? '',
      recordId: storableText(redactRecordId(change.tableName, change.recordId, change.before, change.after), 100),
      userId: storableInt(change.userId),
      before: storableJson(redactRecord(change.tableName, change.before)),
      after: storableJson(redactRecord(change.tableName, change.after)),
    };
  }

  /** Records waiting to be written (the metrics' audit_queue_length). */
  get queued(): number {
    return this.queue.size;
  }

  /** Writes everything queued so far (what the database cannot take now stays queued for the retry). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.flushing.then(() => this.drain());
    return this.flushing;
  }

  async onModuleDestroy() {
    clearTimeout(this.retryTimer);
    await this.flush();
    clearTimeout(this.retryTimer);
    if (this.queue.size) this.logger.error(`${this.queue.size} audit records could not be written before shutdown`);
  }

  /** Queues a row of `kind`, made now (its createdAt). */
  private enqueue<K extends AuditKind>(kind: K, row: Omit<RowOf<K>, 'createdAt'>) {
    // a row of K with its createdAt is RowOf<K>, which TypeScript cannot see through the generic
    const entry = { kind, row: { ...row, createdAt: new Date() } } as unknown as AuditEntry;
    this.dropped += this.queue.push(entry);
    // while the database is out of reach the retry timer writes; a full batch must not retry early
    if (this.retryMs) return;
    if (this.queue.size >= BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  private async drain() {
    while (this.queue.size) {
      if (!(await this.writeBatch(this.queue.take(BATCH)))) return this.retryLater();
      if (this.retryMs) {
        this.retryMs = 0;
        clearTimeout(this.retryTimer);
      }
      if (this.dropped) {
        this.reportLoss(`audit: ${this.dropped} records were dropped (queue limit ${this.queue.capacity}) while the database could not take them`);
        this.dropped = 0;
      }
    }
  }

  private retryLater() {
    this.retryMs = Math.min(RETRY_MAX_MS, Math.max(RETRY_FIRST_MS, this.retryMs * 2));
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.flush(), this.retryMs);
    this.logger.warn(`audit: the database is out of reach; ${this.queue.size} records wait, next try in ${this.retryMs} ms`);
  }

  /**
   * Writes one batch, a statement per table. Answers false when the database is out of reach: the
   * entries not written are back at the front of the queue.
   */
  private async writeBatch(entries: AuditEntry[]): Promise<boolean> {
    const kinds: AuditKind[] = ['request', 'error', 'change'];
    for (const [i, kind] of kinds.entries()) {
      const rows = entries.filter((entry) => entry.kind === kind).map((entry) => entry.row);
      if (!rows.length) continue;
      const unwritten = await this.writeRows(kind, rows);
      if (unwritten) {
        const later = entries.filter((entry) => kinds.indexOf(entry.kind) > i);
        this.dropped += this.queue.pushFront([...unwritten.map((row) => ({ kind, row }) as AuditEntry), ...later]);
        return false;
      }
    }
    return true;
  }

  /**
   * Writes rows of one table; when the database refuses them but answers, row by row, so that a bad row
   * loses only itself. Answers the rows not yet written when the database is out of reach.
   */
  private async writeRows<K extends AuditKind>(kind: K, rows: RowOf<K>[]): Promise<RowOf<K>[] | undefined> {
    try {
      await this.writer.write(kind, rows);
      return undefined;
    } catch (error) {
      if (!refusedForContent(error) && !(await this.writer.reachable())) return rows;
    }
    for (const [i, row] of rows.entries()) {
      try {
        await this.writer.write(kind, [row]);
      } catch (error) {
        if (!refusedForContent(error) && !(await this.writer.reachable())) return rows.slice(i);
        this.refused(kind, row, error as Error);
      }
    }
    return undefined;
  }

  /** A row the database refused: lost, and said so in the exception log (except the exception log's own). */
  private refused<K extends AuditKind>(kind: K, row: RowOf<K>, error: Error) {
    const what = 'path' in row ? `${row.method} ${row.path}` : 'tableName' in row ? `${row.operation} ${row.tableName} ${row.recordId ?? ''}` : row.message;
    const message = `audit: a ${TABLE_OF[kind]} row was refused and is lost (${(error as { code?: string }).code ?? ''} ${error.message}): ${what}`;
    if (kind === 'error') this.logger.error(message);
    else this.reportLoss(message);
  }

  private reportLoss(message: string) {
    this.logger.error(message);
    this.dropped += this.queue.push({
      kind: 'error',
      row: {
        message: storableText(redactText(message), 10_000) ?? '',
        stack: null,
        method: null,
        route: null,
        userId: null,
        requestId: null,
        createdAt: new Date(),
      },
    });
  }
}
