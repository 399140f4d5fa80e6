#!/usr/bin/env node
// `npm start`: the whole product on one port (API, hub, web client). Without DATABASE_URL it runs an
// embedded PostgreSQL with its data in .data/pg, migrates, loads the demo data on the first run (once,
// however many instances start together on one database), and stops everything on Ctrl-C. WORKERS=N
// (or auto) serves the port from N processes (scripts/lib/workers.mjs).
import { setFlagsFromString } from 'node:v8';
import { resolveDatabase } from './lib/database.mjs';
import { backendModule, backup, startOnce } from './lib/lifecycle.mjs';
import { isWorker, startWorkers, workerCount, workersRefusal } from './lib/workers.mjs';

// The old generation may grow by 30 % over what the last full collection kept before the next one (V8's
// own factor, up to 4×, let a year's finance report leave +100–130 MB of dead rows in it; at 30 %: +37–48 MB, the
// report as fast). Read at each collection, so it takes effect set here (in the primary and in each worker).
setFlagsFromString('--heap-growing-percent=30');

async function serverConfig() {
  await import('reflect-metadata');
  const { loadConfig } = await backendModule('config/app-config.js');
  return loadConfig();
}

async function createServerApp(config) {
  const { createApp } = await backendModule('app.factory.js');
  return createApp(config);
}

/** One of WORKERS processes: the database is ready (the primary migrated it); serve the shared port. */
async function serveAsWorker() {
  const config = await serverConfig();
  const app = await createServerApp(config);
  process.on('SIGTERM', () => void app.close().finally(() => process.exit(0)));
  // Ctrl-C reaches the whole process group: the primary stops the workers in order
  process.on('SIGINT', () => {});
  await app.listen(config.port);
}

async function serveAsPrimary() {
  const workers = workerCount();
  const refusal = workersRefusal(workers);
  if (refusal) {
    console.error(`start failed: ${refusal}`);
    process.exit(1);
  }
  const database = await resolveDatabase();
  let app;
  let pool;
  let stopping = false;
  async function shutdown(signal) {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await pool?.stop().catch(() => {});
    await app?.close().catch(() => {});
    await database.stop().catch(() => {});
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    process.env.DATABASE_URL = database.url;
    const config = await serverConfig();
    // several instances started together on one database migrate and load the demo data once (lifecycle.mjs)
    // BACKUP_BEFORE_MIGRATE=true: an upgrade's pending migrations wait for a backup, and a failed one stops the start
    const backupFirst = config.backupBeforeMigrate ? () => backup(database.url, config) : undefined;
    await startOnce(
      database.url,
      async (firstRun) => {
        if (firstRun) console.log('demo data loaded (first run)');
        const demo = firstRun && process.env.DEMO_DATA !== 'false';
        // with workers, the primary only hands connections over: it makes an app only to load the demo data
        if (workers === 1 || demo) app = await createServerApp(config);
        // ports, customers and orders for testers, through the services themselves (DEMO_DATA=false: none)
        if (demo) {
          const { loadDemoBusiness } = await backendModule('seed/demo-business.js');
          await loadDemoBusiness(app);
        }
      },
      { backup: backupFirst },
    );
    if (workers === 1) await app.listen(config.port);
    else {
      await app?.close();
      app = undefined;
      pool = await startWorkers(workers, { ...process.env, DATABASE_URL: database.url });
    }
    const served = workers === 1 ? '' : `, ${workers} workers`;
    console.log(`\n  Forwarder back office: http://localhost:${config.port}   (sign in as admin / admin123${served})\n`);
  } catch (error) {
    console.error(`start failed: ${error.stack ?? error.message}`);
    await pool?.stop().catch(() => {});
    await database.stop().catch(() => {});
    process.exit(1);
  }
}

if (isWorker()) await serveAsWorker();
else await serveAsPrimary();
