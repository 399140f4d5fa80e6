#!/usr/bin/env node
// `npm start`: the whole product on one port (API, hub, web client). Without DATABASE_URL it runs an
// embedded PostgreSQL with its data in .data/pg, migrates, loads the demo data on the first run (once,
// however many instances start together on one database), and stops everything on Ctrl-C.
import { resolveDatabase } from './lib/database.mjs';
import { backendModule, startOnce } from './lib/lifecycle.mjs';

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
  await import('reflect-metadata');
  const { loadConfig } = await backendModule('config/app-config.js');
  const { createApp } = await backendModule('app.factory.js');
  const config = loadConfig();
  // several instances started together on one database migrate and load the demo data once (lifecycle.mjs)
  await startOnce(database.url, async (firstRun) => {
    if (firstRun) console.log('demo data loaded (first run)');
    app = await createApp(config);
    // ports, customers and orders for testers, through the services themselves (DEMO_DATA=false: none)
    if (firstRun && process.env.DEMO_DATA !== 'false') {
      const { loadDemoBusiness } = await backendModule('seed/demo-business.js');
      await loadDemoBusiness(app);
    }
  });
  await app.listen(config.port);
  console.log(`\n  Forwarder back office: http://localhost:${config.port}   (sign in as admin / admin123)\n`);
} catch (error) {
  console.error(`start failed: ${error.stack ?? error.message}`);
  await database.stop().catch(() => {});
  process.exit(1);
}
