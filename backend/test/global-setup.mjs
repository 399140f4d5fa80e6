// Starts the database server the suites run on and prepares a template database migrated with the
// committed migrations; test apps copy it (seeded on first use, see app.ts) into fresh databases.
// TEST_DATABASE_URL points at an existing server instead of the embedded one (its database name is ignored).
// Plain JavaScript: jest loads global setup outside its ESM/TypeScript pipeline.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, dropDatabase, freePort, startEmbeddedPostgres, withDatabase } from '../../scripts/lib/database.mjs';
import { migrate } from '../../scripts/lib/lifecycle.mjs';

export default async function globalSetup() {
  // No background jobs in tests (log purge, public-pool drop): suites run them on demand.
  process.env.LOG_PURGE_SCHEDULED ??= 'false';
  process.env.CUSTOMER_POOL_SCHEDULED ??= 'false';
  process.env.IDEMPOTENCY_PURGE_SCHEDULED ??= 'false';
  process.env.UPLOAD_ORPHANS_SCHEDULED ??= 'false';
  process.env.MAIL_OUTBOX_SCHEDULED ??= 'false';
  // The run's master key (auth/master-key.ts): no key file written into the checkout's .data by a test.
  process.env.APP_MASTER_KEY ??= randomBytes(32).toString('base64');
  // Hub keys of this run apart from any server of a developer sharing the same Redis.
  process.env.HUB_REDIS_PREFIX ??= `fwd:test:${process.pid}:`;
  // the run's own prefix, which test/app.ts narrows to each jest worker's
  process.env.FWD_TEST_HUB_PREFIX = process.env.HUB_REDIS_PREFIX;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const port = await freePort();
    const server = await startEmbeddedPostgres({ dataDir: path.join(tmpdir(), `fwd-test-pg-${process.pid}`), port, persistent: false, durable: false });
    globalThis.__FWD_PG__ = server;
    serverUrl = server.url('postgres');
  }
  const template = `fwd_test_template_${process.pid}`;
  const templateUrl = withDatabase(serverUrl, template);
  await dropDatabase(templateUrl);
  await createDatabase(templateUrl);
  migrate(templateUrl);
  process.env.FWD_TEST_SERVER_URL = serverUrl;
  process.env.FWD_TEST_TEMPLATE = template;
}
