import { HttpStatus, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { randomUUID } from 'node:crypto';
import { AuditService } from '../audit/audit.service.js';
import { AppError } from '../common/app-error.js';
import { DAY_MS, scheduleDaily } from '../prisma/daily-job.js';
import type { IdempotencyClaim } from '../prisma/idempotency-claim.js';
import { PrismaService } from '../prisma/prisma.service.js';
import './idempotency.messages.js';
import { storedId } from '../common/stored-id.js';

/** Whether this process takes part in purging old keys once a day (once across all instances, prisma/daily-job.ts); IDEMPOTENCY_PURGE_SCHEDULED=false turns it off, as tests do. */
export const IDEMPOTENCY_PURGE_SCHEDULED = Symbol('IDEMPOTENCY_PURGE_SCHEDULED');

export function readIdempotencyPurgeScheduled(env: Record<string, string | undefined> = process.env): boolean {
  return env.IDEMPOTENCY_PURGE_SCHEDULED !== 'false';
}

/** How long a key is kept and honoured (the 24 hours); the daily job deletes older ones. */
export const KEY_LIFETIME_MS = DAY_MS;

/**
 * While its request runs, a key's row is touched every HEARTBEAT_MS (idempotency.interceptor.ts); an
 * uncommitted key not touched for STALE_MS is taken for one whose request died (a crash, a killed server, a
 * lost database) and a retry takes it over. Safe whenever it happens, as the first request can then no
 * longer commit (prisma/idempotency-claim.ts); a request still running keeps its key however long it runs
 * (a slow import), and after a crash its retry waits seconds, not minutes.
 */
export const HEARTBEAT_MS = 5 * 1000;
export const STALE_MS = 3 * HEARTBEAT_MS;

/**
 * A committed key without an answer this long after its commit lost its answer (the server stopped between
 * the two): a retry is told so. Before, it is answered 409 to try again shortly, as what is left of a
 * request after its commit (building and storing its answer) takes milliseconds.
 */
export const ANSWER_LOST_MS = 10 * 1000;

/** Seconds a retry of a key still running is asked to wait (Retry-After of the 409). */
const RETRY_AFTER_SECONDS = 1;

/** Rows deleted per statement when purging. */
const PURGE_BATCH = 5000;

/** What a request under a key is to do: run holding the key, or give the stored answer again. */
export type KeyClaim = { kind: 'held'; claim: IdempotencyClaim } | { kind: 'replay'; status: number; answer: string };

interface KeyRow {
  fingerprint: string;
  status: 'processing' | 'committed' | 'answered' | 'unanswered';
  answerStatus: number | null;
  /** the answer's JSON text, set once answered */
  answer: string;
  /** committed this long ago that its answer is lost (ANSWER_LOST_MS) */
  lost: boolean;
}

/**
 * The Idempotency-Keys of creates (docs/api.md, Idempotent creates), one row per user and key: taken by
 * the first request, marked committed in the create's own transaction, then holding the answer a retry
 * gets again. Rows are written straight (not through the change log: a key is no business record).
 */
@Injectable()
export class IdempotencyService implements OnModuleInit {
  constructor(
    private readonly prisma: PrismaService,
    private readonly scheduler: SchedulerRegistry,
    private readonly audit: AuditService,
    @Inject(IDEMPOTENCY_PURGE_SCHEDULED) private readonly scheduled: boolean,
  ) {}

  onModuleInit() {
    if (!this.scheduled) return;
    scheduleDaily(
      this.scheduler,
      this.prisma.base,
      'idempotency-purge',
      () => this.purge(),
      (error) => this.audit.recordError({ message: `idempotency key purge failed: ${error.message}`, stack: error.stack }),
    );
  }

  /**
   * Takes `key` of `userId` for a request of `fingerprint`, or says what the request under it is answered:
   * the stored answer (same fingerprint, answered), 422 (another fingerprint), 409 (its first request still
   * runs, or committed without an answer). An expired key, and a stale uncommitted one, is taken afresh.
   */
  async claim(userId: number, presentedKey: string, fingerprint: string): Promise<KeyClaim> {
    // kept as its hash: a dump holds no key to send again
    const key = storedId(presentedKey);
    // twice at most: a key released by its first request between our two statements is free again
    for (let attempt = 0; attempt < 2; attempt++) {
      const token = randomUUID();
      const taken = await this.prisma.base.$queryRaw<{ id: number }[]>`
        insert into idempotency_key (user_id, key, fingerprint, status, token)
        values (${userId}, ${key}, ${fingerprint}, 'processing', ${token}::uuid)
        on conflict (user_id, key) do update
           set fingerprint = excluded.fingerprint, status = 'processing', token = excluded.token,
               answer_status = null, answer = null, created_at = now(), updated_at = now()
         where idempotency_key.created_at < now() - ${KEY_LIFETIME_MS}::int * interval '1 millisecond'
            or (idempotency_key.status = 'processing' and idempotency_key.fingerprint = excluded.fingerprint
                and idempotency_key.updated_at < now() - ${STALE_MS}::int * interval '1 millisecond')
        returning id`;
      if (taken.length) return { kind: 'held', claim: { id: taken[0].id, token, open: true } };
      const [row] = await this.prisma.base.$queryRaw<KeyRow[]>`
        select fingerprint, status, answer_status as "answerStatus", answer,
               updated_at < now() - ${ANSWER_LOST_MS}::int * interval '1 millisecond' as lost
          from idempotency_key where user_id = ${userId} and key = ${key}`;
      if (!row) continue;
      if (row.fingerprint !== fingerprint) throw new AppError(HttpStatus.UNPROCESSABLE_ENTITY, 'idempotencyKeyReused');
      if (row.status === 'answered') return { kind: 'replay', status: row.answerStatus ?? HttpStatus.OK, answer: row.answer };
      if (row.status === 'unanswered' || (row.status === 'committed' && row.lost)) throw new AppError(HttpStatus.CONFLICT, 'idempotencyKeyOutcomeUnknown');
      break;
    }
    throw new AppError(HttpStatus.CONFLICT, 'idempotencyKeyInProgress', {}, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  }

  /** Says the request holding `claim` still runs (see STALE_MS); a failure is left to the next beat. */
  async touch(claim: IdempotencyClaim): Promise<void> {
    await this.prisma.base.$executeRaw`
      update idempotency_key set updated_at = now() where id = ${claim.id} and token = ${claim.token}::uuid and status = 'processing'`;
  }

  /**
   * Records how the request holding `claim` was answered. Below 500, its answer is kept for retries (a
   * refusal too, as the draft says: the same request would be refused again), but for 429 (busy: to be
   * sent again later). Otherwise (a server error, the database lost, no JSON answer) nothing is kept when
   * nothing committed, so a retry runs afresh; when the create did commit, the key stays as "saved, answer
   * lost" and a retry is told so rather than creating twice. A failure here leaves the row as it was (see
   * STALE_MS, ANSWER_LOST_MS).
   */
  async settle(claim: IdempotencyClaim, status: number, answer: string | undefined): Promise<void> {
    claim.open = false;
    if (status < HttpStatus.INTERNAL_SERVER_ERROR && status !== HttpStatus.TOO_MANY_REQUESTS && answer !== undefined) {
      await this.prisma.base.$executeRaw`
        update idempotency_key set status = 'answered', answer_status = ${status}, answer = ${answer}, updated_at = now()
         where id = ${claim.id} and token = ${claim.token}::uuid`;
      return;
    }
    const released = await this.prisma.base.$executeRaw`
      delete from idempotency_key where id = ${claim.id} and token = ${claim.token}::uuid and status = 'processing'`;
    if (released === 0) {
      await this.prisma.base.$executeRaw`
        update idempotency_key set status = 'unanswered', updated_at = now()
         where id = ${claim.id} and token = ${claim.token}::uuid and status = 'committed'`;
    }
  }

  /** Deletes the keys past their lifetime, in batches; once a day in the background (`idempotency-purge`). */
  async purge(now = new Date()): Promise<{ deleted: number }> {
    const cutoff = new Date(now.getTime() - KEY_LIFETIME_MS);
    let deleted = 0;
    for (;;) {
      const batch = await this.prisma.base.$executeRaw`
        delete from idempotency_key where id in (select id from idempotency_key where created_at < ${cutoff} limit ${PURGE_BATCH})`;
      deleted += batch;
      if (batch < PURGE_BATCH) return { deleted };
    }
  }
}
