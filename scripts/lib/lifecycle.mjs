// Steps shared by `npm start` and the db:* scripts: migrate with the Prisma CLI (offline engine), seed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { runPrisma } from '../prisma.mjs';
import { repoRoot } from './database.mjs';

export function migrate(url) {
  runPrisma(['migrate', 'deploy'], { DATABASE_URL: url });
}

/**
 * `migrate`, unless the database already holds every migration of prisma/migrations, finished and with
 * the checksum Prisma recorded for it (sha256 of migration.sql): then starting the Prisma CLI, seconds
 * of work, would find nothing to do. Anything else (a new, failed, edited or unknown migration, no
 * _prisma_migrations table) goes to the CLI, which applies or reports it. The pending migrations are
 * listed first; `backup`, when given, runs before them on a database that holds tables already (an
 * upgrade, not a first start), and its failure stops the migration.
 */
export async function migrateIfPending(url, { log = console.log, backup } = {}) {
  const state = await migrationState(url);
  if (state.upToDate) return;
  const { pending } = state;
  if (pending.length) log(`${pending.length} pending migration${pending.length === 1 ? '' : 's'}: ${pending.join(', ')}`);
  if (backup && pending.length && state.hasTables) await backup();
  migrate(url);
}

/**
 * The migrations of a new database (one without tables), under the start lock: `npm start` applies them
 * while it builds. A database holding tables is left to the server's start (startOnce), which backs it up
 * first when asked.
 */
export async function migrateNewDatabase(url, log = console.log) {
  const lock = await holdStartLock(url);
  try {
    const state = await migrationState(url);
    if (state.hasTables || state.upToDate) return;
    log('a new database: migrating it while the build runs');
    await migrateIfPending(url, { log });
  } finally {
    await lock.release();
  }
}

/** Whether the database at `url` holds every migration of prisma/migrations, finished, unedited, and nothing else. */
export async function migrationsUpToDate(url) {
  return (await migrationState(url)).upToDate;
}

/** The migrations of prisma/migrations, by name, with the checksum Prisma records for each. */
function committedMigrations() {
  const folder = path.join(repoRoot, 'prisma', 'migrations');
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(folder, entry.name, 'migration.sql')))
    .map((entry) => [
      entry.name,
      createHash('sha256')
        .update(readFileSync(path.join(folder, entry.name, 'migration.sql')))
        .digest('hex'),
    ])
    .sort(([a], [b]) => a.localeCompare(b));
}

/**
 * What the database at `url` holds of prisma/migrations: whether it is up to date, the committed
 * migrations it has not applied (`pending`, in order), and whether it has any table at all.
 */
async function migrationState(url) {
  const expected = committedMigrations();
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const tables = await client.query("select tablename from pg_tables where schemaname = 'public'");
    const hasTables = tables.rowCount > 0;
    if (!tables.rows.some((row) => row.tablename === '_prisma_migrations')) return { upToDate: false, pending: expected.map(([name]) => name), hasTables };
    const { rows } = await client.query('select migration_name, checksum, finished_at, rolled_back_at from _prisma_migrations');
    const applied = new Map(rows.filter((row) => row.finished_at && !row.rolled_back_at).map((row) => [row.migration_name, row.checksum]));
    const unfinished = rows.some((row) => !row.finished_at && !row.rolled_back_at);
    const upToDate = !unfinished && applied.size === expected.length && expected.every(([name, checksum]) => applied.get(name) === checksum);
    return { upToDate, pending: expected.filter(([name]) => !applied.has(name)).map(([name]) => name), hasTables };
  } catch {
    // the database did not answer: the Prisma CLI, started next, says why
    return { upToDate: false, pending: [], hasTables: false };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Key of the session-level advisory lock under which an instance migrates and seeds at start (apart from
 * Prisma Migrate's own, 72707369, and the daily jobs' two-key locks).
 */
const START_LOCK = 160_000;

/**
 * Waits for the start lock of the database at `url`, on a connection of its own held until `release()`
 * (or until the process ends: the server then drops the lock with the connection).
 */
export async function holdStartLock(url) {
  const client = new pg.Client({ connectionString: url });
  // a connection lost while held: the lock is gone, and the steps after it report their own errors
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [START_LOCK]);
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  let released;
  return { release: () => (released ??= client.end().catch(() => {})) };
}

/**
 * How an instance starts on its database: migrate, load the seed on the first run (no staff yet), then
 * `start(firstRun, demoLoad)`. All of it up to `start` runs under the start lock, so instances started
 * together against an empty database migrate and seed once: the first does it; the others wait, then find
 * the migrations applied and staff present, and skip both. With `demo`, a first run also claims the demo
 * load before seeding (`demoLoad`, seed/demo-load.ts: the load's lock and its job_run row), which `start`
 * runs in the background once its app serves; a demo load that an earlier start began and never finished
 * (killed, stopped, failed) is found here, its database emptied, and this start is a first run again. The
 * start lock is let go before `start`, so instances do not wait for each other's app, nor for the demo
 * data. `seedDatabase` is `seed` and `demoLoads` the built backend's seed/demo-load.js (a test gives the
 * source's own); `backup`, when given, runs before pending migrations, which are listed on `log`
 * (migrateIfPending).
 */
export async function startOnce(url, start, { seedDatabase = seed, demoLoads = builtDemoLoads, demo = false, backup, log = console.log } = {}) {
  const lock = await holdStartLock(url);
  let demoLoad;
  let firstRun;
  try {
    await migrateIfPending(url, { backup, log });
    const loads = await demoLoads();
    await loads.resetInterruptedDemoLoad(url, log);
    if (demo) demoLoad = await loads.claimDemoLoad(url);
    firstRun = await seedDatabase(url, { onlyIfEmpty: true });
  } catch (error) {
    await demoLoad?.finish(error);
    throw error;
  } finally {
    await lock.release();
  }
  return start(firstRun, demoLoad);
}

const builtDemoLoads = () => backendModule('seed/demo-load.js');

export async function backendModule(relative) {
  const file = path.join(repoRoot, 'backend', 'dist', relative);
  if (!existsSync(file)) throw new Error(`${file} is missing: build the backend first (npm run build -w backend)`);
  return import(pathToFileURL(file).href);
}

/**
 * Writes a backup archive of the database at `url` and the upload folder into BACKUP_DIR (backend
 * operations/backup), telling its progress on `log`; `config` is the server's (loadConfig).
 */
export async function backup(url, config, log = console.log) {
  const { createBackup } = await backendModule('operations/backup/backup.js');
  const result = await createBackup({
    databaseUrl: url,
    uploadDir: config.uploadDir,
    backupDir: config.backupDir,
    pgBinDir: config.pgBinDir,
    passphrase: config.backupPassphrase,
    log,
  });
  const { tables, files } = result.manifest;
  const rows = Object.values(tables).reduce((total, n) => total + n, 0);
  log(
    `backup written${config.backupPassphrase ? ', encrypted' : ''}: ${result.file} (${megabytes(result.bytes)}) in ${seconds(result.durationMs)}: ` +
      `${Object.keys(tables).length} tables, ${rows} rows, ${files.count} files (${megabytes(files.bytes)})`,
  );
  return result;
}

export const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

export async function seed(url, options) {
  const { runSeed } = await backendModule('seed/index.js');
  return runSeed(url, options);
}
