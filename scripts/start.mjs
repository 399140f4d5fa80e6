#!/usr/bin/env node
// `npm start`: the whole product on one port (API, hub, web client). Without DATABASE_URL it runs an
// embedded PostgreSQL with its data in .data/pg, migrates, loads the demo data on the first run, and
// stops everything on Ctrl-C.
import { setFlagsFromString } from 'node:v8';
import { resolveDatabase } from './lib/database.mjs';
import { backendModule, migrateIfPending, seed } from './lib/lifecycle.mjs';

// The old generation may grow by 30 % over what the last full collection kept before the next one (V8's
// own factor, up to 4×, let a year's finance report leave +100–130 MB of dead rows in it; at 30 %: +37–48 MB, the
// report as fast). Read at each collection, so it takes effect set here.
setFlagsFromString('--heap-growing-percent=30');

const database = await resolveDatabase();
let app;
let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  await app?.close().catch(() => {});
  await database.stop().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  process.env.DATABASE_URL = database.url;
  await migrateIfPending(database.url);
  const firstRun = await seed(database.url, { onlyIfEmpty: true });
  if (firstRun) console.log('demo data loaded (first run)');
  await import('reflect-metadata');
  const { loadConfig } = await backendModule('config/app-config.js');
  const { createApp } = await backendModule('app.factory.js');
  const config = loadConfig();
  app = await createApp(config);
  // ports, customers and orders for testers, through the services themselves (DEMO_DATA=false: none)
  if (firstRun && process.env.DEMO_DATA !== 'false') {
    const { loadDemoBusiness } = await backendModule('seed/demo-business.js');
    await loadDemoBusiness(app);
  }
  await app.listen(config.port);
  console.log(`\n  Forwarder back office: http://localhost:${config.port}   (sign in as admin / admin123)\n`);
} catch (error) {
  console.error(`start failed: ${error.stack ?? error.message}`);
  await database.stop().catch(() => {});
  process.exit(1);
}
