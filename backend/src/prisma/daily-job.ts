import { shanghaiDay } from '@forwarder/domain';
import type { SchedulerRegistry } from '@nestjs/schedule';
import type pg from 'pg';
import type { PrismaClient } from '../generated/prisma/client.js';
import { poolOf } from './base-client.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A daily job's first check comes this long after start, so that a server restarted more often than daily still runs it. */
export const FIRST_RUN_MS = 60 * 1000;

/** How often each instance asks again whether a daily job is due: a new day, or a failed run to retry. */
export const CHECK_MS = 60 * 60 * 1000;

/**
 * First key of the two-key advisory locks that daily jobs hold while they run (the second is the hash of
 * the job's name), apart from any other advisory lock of the application or its tests.
 */
const DAILY_JOB_LOCK = 160_001;

/**
 * Held exclusively while a first start replays the demo business in the background (seed/demo-load.ts),
 * and shared by each daily job while it runs: a job would act on half-told history (the public pool rule
 * would drop customers whose orders are still to be replayed), so its checks meanwhile find it busy and
 * the next check runs it.
 */
export const DEMO_LOAD_LOCK = 160_002;

/** What a check found: it ran the job (`ran`, `failed`), the day's run was already done, or another instance is running it. */
export type DailyCheck = { outcome: 'ran' } | { outcome: 'failed'; error: Error } | { outcome: 'done' } | { outcome: 'busy' };

/** A job's result as the run's message: its fields, each list as its length (the ids a pool run released, say). */
function summary(result: unknown): string | null {
  if (result === undefined) return null;
  return JSON.stringify(result, (_key, value: unknown) => (Array.isArray(value) ? value.length : value));
}

/**
 * Runs `name` for the Shanghai day of `now` unless some instance has already run it that day, so a daily
 * job runs once per day however many app instances share the database. Under a session-level advisory
 * lock on the job's name (held on one pinned connection of the client's pool, released with that
 * connection if the process dies), it claims the job_run row of (name, day): inserts it, or retakes it
 * when it is `failed` (a retry) or still `running` (its instance died: its lock is gone, so nobody runs
 * it). It then runs the job and records ok or failed, with the duration and a message; the latest rows
 * are how administrators see the jobs' last runs.
 *
 * Why a pinned connection and not an interactive transaction holding pg_advisory_xact_lock: Prisma
 * closes an interactive transaction after its timeout (seconds), and a pool run or a log purge may take
 * longer; the job's own statements go through the client as usual, on the pool's other connections
 * (so a pool of one connection would wait for itself: the server's has DATABASE_POOL_SIZE, 20).
 */
export async function runDailyOnce(client: PrismaClient, name: string, job: () => Promise<unknown>, now = new Date()): Promise<DailyCheck> {
  const connection = await poolOf(client).connect();
  let broken: Error | undefined;
  // the connection lost while the job runs (the server restarted, a network cut): without a listener the
  // error would end the process; the next statement on it fails, and the run is retaken later
  const lost = (error: Error) => (broken = error);
  connection.on('error', lost);
  try {
    const free = await connection.query<{ free: boolean }>('select pg_try_advisory_lock_shared($1) as free', [DEMO_LOAD_LOCK]);
    if (!free.rows[0].free) return { outcome: 'busy' };
    const locked = await connection.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [DAILY_JOB_LOCK, name]);
    if (!locked.rows[0].locked) {
      await connection.query('select pg_advisory_unlock_shared($1)', [DEMO_LOAD_LOCK]);
      return { outcome: 'busy' };
    }
    try {
      return await claimAndRun(connection, name, shanghaiDay(now), job);
    } finally {
      await connection.query('select pg_advisory_unlock($1, hashtext($2)), pg_advisory_unlock_shared($3)', [DAILY_JOB_LOCK, name, DEMO_LOAD_LOCK]);
    }
  } catch (error) {
    broken ??= error as Error;
    throw error;
  } finally {
    connection.off('error', lost);
    // a connection that failed is dropped rather than reused (and its lock goes with it)
    connection.release(broken);
  }
}

async function claimAndRun(connection: pg.PoolClient, name: string, period: string, job: () => Promise<unknown>): Promise<DailyCheck> {
  const claimed = await connection.query<{ id: number }>(
    `insert into job_run (name, period, status, started_at) values ($1, $2, 'running', now())
     on conflict (name, period) do update
        set status = 'running', attempts = job_run.attempts + 1, started_at = now(), finished_at = null, duration_ms = null, message = null
      where job_run.status <> 'ok'
     returning id`,
    [name, period],
  );
  if (claimed.rowCount === 0) return { outcome: 'done' };
  const started = performance.now();
  let check: DailyCheck;
  let message: string | null;
  try {
    message = summary(await job());
    check = { outcome: 'ran' };
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    message = failure.message;
    check = { outcome: 'failed', error: failure };
  }
  await connection.query('update job_run set status = $2, finished_at = now(), duration_ms = $3, message = $4 where id = $1', [
    claimed.rows[0].id,
    check.outcome === 'ran' ? 'ok' : 'failed',
    Math.round(performance.now() - started),
    message,
  ]);
  return check;
}

/**
 * Checks `job` in the background FIRST_RUN_MS after start and then every CHECK_MS, as `<name>-first` and
 * `<name>-check` (@nestjs/schedule clears both when the application closes; unref: they never keep a
 * process alive); each check runs it when the day's run is still to do (`runDailyOnce`). A failed run is
 * handed to `failed` and retried by a later check of the same day. `wanted`, when given, is asked first:
 * a job an administrator has turned off is skipped without a run recorded, so turned on later that day
 * it still runs.
 */
export function scheduleDaily(
  scheduler: SchedulerRegistry,
  client: PrismaClient,
  name: string,
  job: () => Promise<unknown>,
  failed: (error: Error) => void,
  wanted: () => Promise<boolean> = async () => true,
): void {
  const check = () =>
    void wanted()
      .then(async (yes) => {
        const result = yes ? await runDailyOnce(client, name, job) : undefined;
        if (result?.outcome === 'failed') failed(result.error);
      })
      .catch(failed);
  scheduler.addTimeout(`${name}-first`, setTimeout(check, FIRST_RUN_MS).unref());
  scheduler.addInterval(`${name}-check`, setInterval(check, CHECK_MS).unref());
}
