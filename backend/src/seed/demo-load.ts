import pg from 'pg';
import { DEMO_LOAD_LOCK } from '../prisma/daily-job.js';
import { DEMO_LOAD_JOB, type DemoLoadProgress } from '../auth/demo-load-status.js';

/** A first start's claim on the demo load: DEMO_LOAD_LOCK held on a connection of its own, and the row `running`. */
export interface DemoLoadClaim {
  /** records how far the load is (the row's message: what the sign-in page shows meanwhile) */
  progress(progress: DemoLoadProgress): Promise<void>;
  /** records the load done (`ok`) or failed, and lets the lock go */
  finish(error?: Error): Promise<void>;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  // a connection lost while held: the lock is gone with it, and the next start finds the load unfinished
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** Whether some session holds DEMO_LOAD_LOCK exclusively: a process loading the demo business now (the daily jobs only share it). */
async function loadRunning(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ held: boolean }>(
    `select exists (select 1 from pg_locks where locktype = 'advisory' and classid = 0 and objid = $1 and objsubid = 1
                    and mode = 'ExclusiveLock' and granted) as held`,
    [DEMO_LOAD_LOCK],
  );
  return rows[0].held;
}

/**
 * Called by a start under the start lock, before the seed (scripts/lib/lifecycle.mjs, startOnce). A demo load
 * begun and not finished, whose lock nobody holds, was interrupted: the process was killed or stopped, or
 * the load failed. A replay of three months cannot resume half-way (each step builds on the ids and the
 * clock of the ones before), so the database goes back to empty, every table but Prisma's record of the
 * migrations, and this start seeds and loads everything again. Resolves whether it did.
 */
export async function resetInterruptedDemoLoad(url: string, log: (line: string) => void = console.log): Promise<boolean> {
  const client = await connect(url);
  try {
    const { rows } = await client.query<{ status: string }>('select status from job_run where name = $1 and period = $2', [
      DEMO_LOAD_JOB.name,
      DEMO_LOAD_JOB.period,
    ]);
    if (!rows.length || rows[0].status === 'ok' || (await loadRunning(client))) return false;
    log('demo data: the load of an earlier first start did not finish; emptying the database to load everything again');
    const tables = await client.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public' and tablename <> '_prisma_migrations'",
    );
    await client.query(`truncate table ${tables.rows.map((row) => `"${row.tablename}"`).join(', ')} restart identity cascade`);
    return true;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Claims the demo load when the database holds no staff yet (a first start; called under the start lock,
 * before the seed, so that a start killed at any later point leaves the row `running` for the next start
 * to find). Resolves undefined when staff exist: the demo business is loaded on the first start only.
 */
export async function claimDemoLoad(url: string): Promise<DemoLoadClaim | undefined> {
  const client = await connect(url);
  try {
    const staff = await client.query<{ any: boolean }>('select exists (select 1 from app_user) as any');
    if (staff.rows[0].any) {
      await client.end();
      return undefined;
    }
    await client.query('select pg_advisory_lock($1)', [DEMO_LOAD_LOCK]);
    await client.query(
      `insert into job_run (name, period, status, started_at) values ($1, $2, 'running', now())
       on conflict (name, period) do update set status = 'running', attempts = job_run.attempts + 1, started_at = now(),
         finished_at = null, duration_ms = null, message = null`,
      [DEMO_LOAD_JOB.name, DEMO_LOAD_JOB.period],
    );
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  const where = 'name = $1 and period = $2';
  const key = [DEMO_LOAD_JOB.name, DEMO_LOAD_JOB.period];
  return {
    progress: async (progress) => {
      await client.query(`update job_run set message = $3 where ${where}`, [...key, JSON.stringify(progress)]);
    },
    finish: async (error) => {
      try {
        await client.query(
          `update job_run set status = $3, finished_at = now(), duration_ms = (extract(epoch from now() - started_at) * 1000)::int,
             message = coalesce($4, message) where ${where}`,
          [...key, error ? 'failed' : 'ok', error?.message ?? null],
        );
      } finally {
        await client.end().catch(() => {});
      }
    },
  };
}
