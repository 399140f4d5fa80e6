// What keeps `npm start` quick when nothing changed: the build is skipped when each workspace's output
// was built from its current inputs (scripts/lib/build-stamp.mjs), and the Prisma CLI is not started when
// every migration is already applied (scripts/lib/lifecycle.mjs). And what lets several instances start
// together against an empty database: they migrate and load the demo data once (lifecycle.mjs, startOnce).
import { jest } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildAndStamp, isCurrent } from '../../scripts/lib/build-stamp.mjs';
import { checkTraversable, createDatabase, dropDatabase, embeddedDataDir, withDatabase } from '../../scripts/lib/database.mjs';
import { migrateIfPending, migrationsUpToDate, startOnce } from '../../scripts/lib/lifecycle.mjs';
import { workerCount, workersRefusal } from '../../scripts/lib/workers.mjs';
import * as demoLoadModule from '../src/seed/demo-load.js';
import { runSeed } from '../src/seed/index.js';
import { createTestDatabase, type TestDatabase } from './database.js';

describe('build stamps', () => {
  let root: string;
  const inputs = ['src', 'package.json'];
  const later = (file: string) => utimesSync(path.join(root, file), new Date(Date.now() + 60_000), new Date(Date.now() + 60_000));
  let builds = 0;
  const build = () =>
    buildAndStamp(root, inputs, 'dist', () => {
      builds += 1;
      mkdirSync(path.join(root, 'dist'), { recursive: true });
      writeFileSync(path.join(root, 'dist', 'main.js'), 'built');
    });

  beforeEach(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'build-stamp-'));
    mkdirSync(path.join(root, 'src'));
    writeFileSync(path.join(root, 'src', 'main.ts'), 'export const a = 1;');
    writeFileSync(path.join(root, 'package.json'), '{}');
    builds = 0;
    await build();
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('a never-built output is stale, a built one current', () => {
    expect(builds).toBe(1);
    expect(isCurrent(root, inputs, 'dist')).toBe(true);
    rmSync(path.join(root, 'dist'), { recursive: true });
    expect(isCurrent(root, inputs, 'dist')).toBe(false);
  });

  it('a file rewritten with the same content (as npm install does to generated files) leaves it current', () => {
    writeFileSync(path.join(root, 'src', 'main.ts'), 'export const a = 1;');
    later('src/main.ts');
    expect(isCurrent(root, inputs, 'dist')).toBe(true);
  });

  it('an edited input makes it stale', () => {
    writeFileSync(path.join(root, 'src', 'main.ts'), 'export const a = 2;');
    later('src/main.ts');
    expect(isCurrent(root, inputs, 'dist')).toBe(false);
  });

  it('an added or removed input makes it stale', async () => {
    writeFileSync(path.join(root, 'src', 'extra.ts'), 'export {};');
    later('src/extra.ts');
    expect(isCurrent(root, inputs, 'dist')).toBe(false);
    await build();
    rmSync(path.join(root, 'src', 'extra.ts'));
    later('src');
    expect(isCurrent(root, inputs, 'dist')).toBe(false);
  });
});

describe('the embedded data folder under root', () => {
  // a bench or a db:* command that ran first made the project's .data 0700 for the master key file; the
  // postgres user must still reach .data/pg (a fresh clone's second start failed: "cannot enter .data")
  it("makes the project's private folder passable, not readable, and names any other folder it cannot enter", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'fwd-traverse-'));
    chmodSync(root, 0o755);
    try {
      const data = path.join(root, '.data');
      mkdirSync(data, { mode: 0o700 });
      chmodSync(data, 0o700);
      writeFileSync(path.join(data, 'master.key'), 'k', { mode: 0o600 });
      checkTraversable(path.join(data, 'pg'), data);
      expect(statSync(data).mode & 0o777).toBe(0o711);
      expect(statSync(path.join(data, 'master.key')).mode & 0o777).toBe(0o600);

      const closed = path.join(root, 'closed');
      mkdirSync(closed, { mode: 0o700 });
      chmodSync(closed, 0o700);
      expect(() => checkTraversable(path.join(closed, 'pg'), data)).toThrow(`cannot enter ${closed} (mode 700)`);
      expect(statSync(closed).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('where the embedded data goes', () => {
  it('stays in the project unless, under root, the postgres user could not reach it there; EMBEDDED_PG_DIR decides first', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'fwd-home-'));
    try {
      const project = path.join(home, 'forwarder');
      mkdirSync(project);
      const base = path.join(tmpdir(), 'fwd-var-lib');
      chmodSync(home, 0o755);
      expect(embeddedDataDir({}, { root: project, asRoot: true, base })).toBe(path.join(project, '.data', 'pg'));
      // a home folder only its owner may enter (root's own, 0700)
      chmodSync(home, 0o700);
      const elsewhere = embeddedDataDir({}, { root: project, asRoot: true, base });
      expect(elsewhere).toMatch(new RegExp(`^${base}/forwarder-[0-9a-f]{8}/pg$`));
      // the same project always finds the same folder, another project another one
      expect(embeddedDataDir({}, { root: project, asRoot: true, base })).toBe(elsewhere);
      expect(embeddedDataDir({}, { root: path.join(home, 'other'), asRoot: true, base })).not.toBe(elsewhere);
      // not root: PostgreSQL runs as the same user, the project's folder is fine
      expect(embeddedDataDir({}, { root: project, asRoot: false, base })).toBe(path.join(project, '.data', 'pg'));
      // a data folder already in the project is kept there (and checkTraversable names what blocks it)
      mkdirSync(path.join(project, '.data', 'pg'), { recursive: true });
      writeFileSync(path.join(project, '.data', 'pg', 'PG_VERSION'), '15\n');
      expect(embeddedDataDir({}, { root: project, asRoot: true, base })).toBe(path.join(project, '.data', 'pg'));
      expect(embeddedDataDir({ EMBEDDED_PG_DIR: '/srv/pg' }, { root: project, asRoot: true, base })).toBe('/srv/pg');
    } finally {
      chmodSync(home, 0o755);
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('migrations up to date', () => {
  let db: TestDatabase;
  let client: pg.Client;
  beforeEach(async () => {
    db = await createTestDatabase();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });
  afterEach(async () => {
    await client.end();
    await db.drop();
  });
  const first = async () =>
    (await client.query<{ migration_name: string }>('select migration_name from _prisma_migrations order by migration_name limit 1')).rows[0].migration_name;

  it('a database holding every migration needs no migrate run', async () => {
    await expect(migrationsUpToDate(db.url)).resolves.toBe(true);
  });

  it('a missing, edited or unfinished migration sends it to the Prisma CLI', async () => {
    const name = await first();
    await client.query("update _prisma_migrations set checksum = 'edited' where migration_name = $1", [name]);
    await expect(migrationsUpToDate(db.url)).resolves.toBe(false);
    await client.query('delete from _prisma_migrations where migration_name = $1', [name]);
    await expect(migrationsUpToDate(db.url)).resolves.toBe(false);
  });

  it('a migration that failed half-way sends it to the Prisma CLI', async () => {
    await client.query(
      "insert into _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count) values ('failed', 'x', '29990101000000_failed', now(), 0)",
    );
    await expect(migrationsUpToDate(db.url)).resolves.toBe(false);
  });

  it('a database never migrated sends it to the Prisma CLI', async () => {
    const empty = withDatabase(db.url, `${new URL(db.url).pathname.slice(1)}_empty`);
    await createDatabase(empty);
    try {
      await expect(migrationsUpToDate(empty)).resolves.toBe(false);
    } finally {
      await dropDatabase(empty);
    }
  });
});

describe('pending migrations at start', () => {
  const committed = readdirSync(path.resolve(import.meta.dirname, '..', '..', 'prisma', 'migrations'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  let url: string;
  let lines: string[];
  const log = (line: string) => lines.push(line);
  beforeEach(async () => {
    url = withDatabase(process.env.FWD_TEST_SERVER_URL!, `fwd_test_pending_${randomBytes(5).toString('hex')}`);
    await createDatabase(url);
    lines = [];
  });
  afterEach(() => dropDatabase(url));

  it('lists them by name before they run, and takes no backup of an empty database', async () => {
    const backup = jest.fn(async () => {});
    await migrateIfPending(url, { log, backup });
    expect(lines).toEqual([`${committed.length} pending migrations: ${committed.join(', ')}`]);
    expect(backup).not.toHaveBeenCalled();
    await expect(migrationsUpToDate(url)).resolves.toBe(true);
    lines = [];
    await migrateIfPending(url, { log, backup });
    expect(lines).toEqual([]);
  }, 60_000);

  it("backs up an older release's database before migrating it, and a failed backup stops the migration", async () => {
    const older = await createTestDatabase();
    const latest = committed.at(-1)!;
    const client = new pg.Client({ connectionString: older.url });
    await client.connect();
    try {
      await client.query('delete from _prisma_migrations where migration_name = $1', [latest]);
      const backup = jest.fn(async () => {
        throw new Error('disk full');
      });
      await expect(migrateIfPending(older.url, { log, backup })).rejects.toThrow('disk full');
      expect(lines).toEqual([`1 pending migration: ${latest}`]);
      expect(backup).toHaveBeenCalledTimes(1);
      // the migration never ran
      expect((await client.query('select 1 from _prisma_migrations where migration_name = $1', [latest])).rowCount).toBe(0);
    } finally {
      await client.end();
      await older.drop();
    }
  });
});

describe('WORKERS', () => {
  it('is one process unless told, one per core with auto, and refuses anything but a positive whole number', () => {
    expect(workerCount(undefined)).toBe(1);
    expect(workerCount('')).toBe(1);
    expect(workerCount('3')).toBe(3);
    expect(workerCount('auto')).toBeGreaterThanOrEqual(1);
    for (const wrong of ['0', '-1', '1.5', 'two'])
      expect(() => workerCount(wrong)).toThrow(`WORKERS must be a positive whole number or "auto", got "${wrong}"`);
  });

  it('says that several workers need REDIS_URL, and lets one process run without it', () => {
    expect(workersRefusal(2, { WORKERS: '2' })).toMatch(/^WORKERS=2 needs REDIS_URL/);
    expect(workersRefusal(2, { WORKERS: '2', REDIS_URL: 'redis://127.0.0.1:6379' })).toBeUndefined();
    expect(workersRefusal(1, {})).toBeUndefined();
  });
});

describe('instances started together', () => {
  let url: string;
  beforeEach(async () => {
    const serverUrl = process.env.FWD_TEST_SERVER_URL;
    if (!serverUrl) throw new Error('the test database server is not running (jest globalSetup)');
    url = withDatabase(serverUrl, `fwd_test_start_${randomBytes(5).toString('hex')}`);
    await createDatabase(url);
  });
  afterEach(() => dropDatabase(url));

  const quietSeed = (target: string, options: { onlyIfEmpty: boolean }) => runSeed(target, { ...options, log: () => {} });
  const demoLoads = async () => demoLoadModule;
  const query = async <T extends pg.QueryResultRow>(sql: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(sql, values)).rows;
    } finally {
      await client.end();
    }
  };
  const demoRow = () => query<{ status: string; attempts: number }>("select status, attempts from job_run where name = 'demo-data'");

  it('three instances on an empty database migrate, seed and claim the demo load once, and each starts', async () => {
    const claimed: number[] = [];
    const started = await Promise.all(
      [0, 1, 2].map((instance) =>
        startOnce(
          url,
          async (firstRun, claim) => {
            // the demo business, loaded in the background by the instance that claimed it
            if (claim) claimed.push(instance);
            await claim?.finish();
            return instance;
          },
          { seedDatabase: quietSeed, demoLoads, demo: true, log: () => {} },
        ),
      ),
    );
    expect(started).toEqual([0, 1, 2]);
    expect(claimed).toHaveLength(1);
    await expect(migrationsUpToDate(url)).resolves.toBe(true);
    expect(await query("select count(*)::int as count from app_user where account = 'admin'")).toEqual([{ count: 1 }]);
    expect(await demoRow()).toEqual([{ status: 'ok', attempts: 1 }]);
  }, 180_000);

  it('a demo load whose process died is begun again by the next start on an emptied database; one still running is left alone', async () => {
    const lines: string[] = [];
    const options = { seedDatabase: quietSeed, demoLoads, demo: true, log: (line: string) => lines.push(line) };
    const first = await startOnce(url, async (firstRun, claim) => ({ firstRun, claim }), options);
    expect(first.firstRun).toBe(true);
    lines.length = 0;
    await first.claim!.progress({ day: 40, days: 90, orders: 120 });
    // what the load wrote so far
    await query("insert into job_run (name, period, status, started_at) values ('written-half-way', 'x', 'ok', now())");
    // another instance started meanwhile: the load runs, nothing to do
    await expect(startOnce(url, async (firstRun, claim) => ({ firstRun, claim }), options)).resolves.toEqual({ firstRun: false, claim: undefined });
    expect(lines).toEqual([]);
    // the loading process is killed: its session ends, and its lock with it
    const ended = await query<{ count: number }>(
      "select count(pg_terminate_backend(pid))::int as count from pg_locks where locktype = 'advisory' and objid = 160002 and granted",
    );
    expect(ended).toEqual([{ count: 1 }]);
    expect(await demoRow()).toEqual([{ status: 'running', attempts: 1 }]);
    const next = await startOnce(url, async (firstRun, claim) => ({ firstRun, claim }), options);
    expect(lines).toEqual(['demo data: the load of an earlier first start did not finish; emptying the database to load everything again']);
    expect(next.firstRun).toBe(true);
    expect(next.claim).toBeDefined();
    expect(await query("select name from job_run where name = 'written-half-way'")).toEqual([]);
    expect(await demoRow()).toEqual([{ status: 'running', attempts: 1 }]);
    expect(await query("select count(*)::int as count from app_user where account = 'admin'")).toEqual([{ count: 1 }]);
    await next.claim!.finish(new Error('stopped'));
    // a failed load too: the next start begins it again
    expect(await demoRow()).toEqual([{ status: 'failed', attempts: 1 }]);
    const last = await startOnce(url, async (firstRun, claim) => ({ firstRun, claim }), options);
    expect(last.firstRun).toBe(true);
    await last.claim!.finish();
    // done: later starts leave the data alone
    await expect(startOnce(url, async (firstRun, claim) => ({ firstRun, claim }), options)).resolves.toEqual({ firstRun: false, claim: undefined });
    expect(await demoRow()).toEqual([{ status: 'ok', attempts: 1 }]);
  }, 180_000);

  it('DEMO_DATA=false claims no demo load', async () => {
    const result = await startOnce(url, async (firstRun, claim) => ({ firstRun, claim }), { seedDatabase: quietSeed, demoLoads, demo: false, log: () => {} });
    expect(result).toEqual({ firstRun: true, claim: undefined });
    expect(await demoRow()).toEqual([]);
  }, 120_000);
});
