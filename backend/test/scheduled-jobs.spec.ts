// Daily jobs run once per Shanghai day across every app instance on one database (prisma/daily-job.ts):
// three instances here are three Prisma clients, each on its own connection pool, as three processes are.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { DEMO_LOAD_LOCK, runDailyOnce } from '../src/prisma/daily-job.js';
import type { PrismaClient } from '../src/generated/prisma/client.js';
import { createBaseClient } from '../src/prisma/prisma.service.js';
import { createTestDatabase, type TestDatabase } from './database.js';

let db: TestDatabase;
let instances: PrismaClient[];
const [first, second, third] = [0, 1, 2].map((index) => () => instances[index]);

beforeAll(async () => {
  db = await createTestDatabase();
  instances = [0, 1, 2].map(() => createBaseClient(db.url, 4));
});
afterAll(async () => {
  await Promise.all(instances.map((client) => client.$disconnect()));
  await db.drop();
});

const runsOf = (name: string) => first().jobRun.findMany({ where: { name }, orderBy: { period: 'asc' } });

describe('daily jobs across instances', () => {
  it('runs a job once for the day when three instances check it at the same moment', async () => {
    let bodies = 0;
    const job = async () => {
      bodies += 1;
      await sleep(300);
      return { released: [1, 2, 3], cutoff: null };
    };
    const now = new Date('2026-03-10T02:00:00Z');
    const outcomes = await Promise.all(instances.map((client) => runDailyOnce(client, 'race', job, now)));
    expect(bodies).toBe(1);
    expect(outcomes.filter((check) => check.outcome === 'ran')).toHaveLength(1);
    expect(outcomes.every((check) => ['ran', 'busy', 'done'].includes(check.outcome))).toBe(true);
    const runs = await runsOf('race');
    expect(runs).toMatchObject([{ period: '2026-03-10', status: 'ok', attempts: 1, message: '{"released":3,"cutoff":null}' }]);
    expect(runs[0].finishedAt).not.toBeNull();
    expect(runs[0].durationMs).toBeGreaterThanOrEqual(250);
  });

  it('does not run it again the same Shanghai day, and runs it again the next', async () => {
    let bodies = 0;
    const job = async () => void (bodies += 1);
    // 23:30 UTC on the 10th is already the 11th in Shanghai
    expect(await runDailyOnce(first(), 'daily', job, new Date('2026-03-10T23:30:00Z'))).toEqual({ outcome: 'ran' });
    expect(await runDailyOnce(second(), 'daily', job, new Date('2026-03-11T15:59:00Z'))).toEqual({ outcome: 'done' });
    expect(await runDailyOnce(first(), 'daily', job, new Date('2026-03-11T10:00:00Z'))).toEqual({ outcome: 'done' });
    expect(bodies).toBe(1);
    expect(await runDailyOnce(third(), 'daily', job, new Date('2026-03-11T16:00:00Z'))).toEqual({ outcome: 'ran' });
    expect(bodies).toBe(2);
    expect((await runsOf('daily')).map((run) => [run.period, run.status])).toEqual([
      ['2026-03-11', 'ok'],
      ['2026-03-12', 'ok'],
    ]);
  });

  it('retries a failed run at a later check of the same day, on any instance', async () => {
    let bodies = 0;
    const job = async () => {
      bodies += 1;
      if (bodies === 1) throw new Error('database busy');
      return { purged: 7 };
    };
    const now = new Date('2026-04-01T01:00:00Z');
    const failed = await runDailyOnce(first(), 'flaky', job, now);
    expect(failed).toMatchObject({ outcome: 'failed', error: { message: 'database busy' } });
    expect(await runsOf('flaky')).toMatchObject([{ status: 'failed', attempts: 1, message: 'database busy' }]);
    expect(await runDailyOnce(second(), 'flaky', job, new Date(now.getTime() + 3600_000))).toEqual({ outcome: 'ran' });
    expect(await runDailyOnce(third(), 'flaky', job, new Date(now.getTime() + 7200_000))).toEqual({ outcome: 'done' });
    expect(bodies).toBe(2);
    expect(await runsOf('flaky')).toMatchObject([{ period: '2026-04-01', status: 'ok', attempts: 2, message: '{"purged":7}' }]);
  });

  it('retakes a run whose instance died: its lock went with its connection and the row stays running', async () => {
    const now = new Date('2026-05-05T05:00:00Z');
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const stuck = runDailyOnce(
      first(),
      'killed',
      () => {
        started();
        return new Promise<void>((resolve) => (finish = resolve));
      },
      now,
    );
    await running;
    let bodies = 0;
    const job = async () => void (bodies += 1);
    // alive, it keeps the others out
    expect(await runDailyOnce(second(), 'killed', job, now)).toEqual({ outcome: 'busy' });
    // the instance dies: the server ends its session, which releases the advisory lock
    const terminated = await second().$queryRaw<{ count: bigint }[]>`
      select count(pg_terminate_backend(pid)) as count from pg_locks where locktype = 'advisory' and classid = 160001 and granted`;
    expect(terminated[0].count).toBe(1n);
    finish();
    await expect(stuck).rejects.toThrow();
    expect(await runsOf('killed')).toMatchObject([{ status: 'running', attempts: 1 }]);
    expect(await runDailyOnce(third(), 'killed', job, now)).toEqual({ outcome: 'ran' });
    expect(bodies).toBe(1);
    expect(await runsOf('killed')).toMatchObject([{ status: 'ok', attempts: 2 }]);
  });

  it('holds off while a first start loads the demo business (its lock held): the check after the load runs the job', async () => {
    const now = new Date('2026-06-06T05:00:00Z');
    let bodies = 0;
    const job = async () => void (bodies += 1);
    const loader = new pg.Client({ connectionString: db.url });
    await loader.connect();
    try {
      await loader.query('select pg_advisory_lock($1)', [DEMO_LOAD_LOCK]);
      expect(await runDailyOnce(first(), 'during-demo', job, now)).toEqual({ outcome: 'busy' });
      expect(await runDailyOnce(second(), 'during-demo', job, now)).toEqual({ outcome: 'busy' });
      expect(bodies).toBe(0);
      expect(await runsOf('during-demo')).toEqual([]);
      await loader.query('select pg_advisory_unlock($1)', [DEMO_LOAD_LOCK]);
    } finally {
      await loader.end();
    }
    expect(await runDailyOnce(third(), 'during-demo', job, now)).toEqual({ outcome: 'ran' });
    expect(bodies).toBe(1);
  });
});
