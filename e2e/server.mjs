#!/usr/bin/env node
// The server the browser tests drive: the built product on its own throw-away embedded PostgreSQL
// (never the demo data), migrated and seeded afresh, on E2E_PORT (default 3999).
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, freePort, startEmbeddedPostgres } from '../scripts/lib/database.mjs';
import { backendModule, migrate, seed } from '../scripts/lib/lifecycle.mjs';

const work = mkdtempSync(path.join(tmpdir(), 'fwd-e2e-'));
// under root PostgreSQL runs as the postgres user, who must be able to enter this folder
chmodSync(work, 0o755);
const pg = await startEmbeddedPostgres({ dataDir: path.join(work, 'pg'), port: await freePort(), persistent: false, durable: false });
const url = pg.url('forwarder_e2e');
let app;
const stop = async () => {
  await app?.close().catch(() => {});
  await pg.stop().catch(() => {});
  rmSync(work, { recursive: true, force: true });
  if (process.env.E2E_SERVER_STATE) rmSync(process.env.E2E_SERVER_STATE, { force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

await createDatabase(url);
migrate(url);
// a demo installation, whatever NODE_ENV says: the tests sign in with the demo staff's published passwords
await seed(url, { log: () => {}, env: { DEMO_DATA: 'accounts' } });
await import('reflect-metadata');
const { loadConfig } = await backendModule('config/app-config.js');
const { createApp } = await backendModule('app.factory.js');
const port = process.env.E2E_PORT ?? '3999';
// labels print tracking links to this very server (a phone in the tests is Chromium on this machine)
const publicBaseUrl = `http://127.0.0.1:${port}`;
const config = loadConfig({
  ...process.env,
  DATABASE_URL: url,
  PORT: port,
  UPLOAD_DIR: path.join(work, 'uploads'),
  // never the archives of a developer's own installation (.data/backups)
  BACKUP_DIR: path.join(work, 'backups'),
  // the run's own master key file (auth/master-key.ts), not the one of a developer's installation
  MASTER_KEY_FILE: path.join(work, 'master.key'),
  REDIS_URL: '',
  PUBLIC_BASE_URL: publicBaseUrl,
});
// the database and folders served, for the tests that run db:backup on them (playwright.config.ts)
if (process.env.E2E_SERVER_STATE) {
  writeFileSync(process.env.E2E_SERVER_STATE, JSON.stringify({ databaseUrl: url, uploadDir: config.uploadDir, backupDir: config.backupDir }));
}
app = await createApp(config, { logger: false });
await app.listen(config.port, '127.0.0.1');
console.log(`e2e server on http://127.0.0.1:${config.port}`);
