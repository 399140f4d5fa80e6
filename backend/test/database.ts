// The database every test tier starts from: a fresh copy of the migrated template (jest globalSetup), seeded
// with the demo data on first use. The HTTP tier (app.ts) and the medium tier (medium.ts) both take theirs here.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, dropDatabase, withDatabase } from '../../scripts/lib/database.mjs';
import { ServerKeysService } from '../src/auth/server-keys.service.js';
import { loadConfig } from '../src/config/app-config.js';
import { createBaseClient, type PrismaService } from '../src/prisma/prisma.service.js';
import { seedDatabase } from '../src/seed/seed.js';

/** bcrypt's cost of the template's demo staff (see ensureTemplateSeeded). */
const TEMPLATE_PASSWORD_ROUNDS = 4;

export interface TestDatabase {
  url: string;
  drop: () => Promise<void>;
}

/**
 * Loads the demo data into the template once per run (the first suite to need it does it; an advisory
 * lock keeps parallel workers from seeding twice), with the login page's RSA key pair made by the server's
 * own ServerKeysService and sealed under the run's APP_MASTER_KEY (global-setup.mjs): generating a 2048-bit
 * pair in pure JavaScript costs about a second of CPU, which every test database paid at its first sign-in.
 * A test of a fresh installation's keys starts without them (createTestApp's `freshServerKeys`).
 */
async function ensureTemplateSeeded(serverUrl: string, template: string) {
  const lock = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(4242)');
    const db = createBaseClient(withDatabase(serverUrl, template), 1);
    try {
      // the test harness is a demo installation: the demo staff sign in with their published passwords at once;
      // their hashes at bcrypt's least cost (4, not the installations' 10), since every suite signs them in
      // again and each sign-in compares at that cost (about 80 ms of CPU each at 10, under 2 ms at 4)
      if ((await db.user.count()) === 0) {
        await seedDatabase(db, { env: { DEMO_DATA: 'true' }, passwordRounds: TEMPLATE_PASSWORD_ROUNDS });
        const config = loadConfig({ ...process.env, DATABASE_URL: withDatabase(serverUrl, template) });
        await new ServerKeysService({ db } as unknown as PrismaService, config).rsaKeyPair();
      }
    } finally {
      await db.$disconnect();
    }
  } finally {
    await lock.end();
  }
}

/** A new database copied from the seeded template (CREATE DATABASE … TEMPLATE: a file copy, no migration run). */
export async function createTestDatabase(options: { freshServerKeys?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.FWD_TEST_SERVER_URL;
  const template = process.env.FWD_TEST_TEMPLATE;
  if (!serverUrl || !template) throw new Error('the test database server is not running (jest globalSetup)');
  await ensureTemplateSeeded(serverUrl, template);
  const url = withDatabase(serverUrl, `fwd_test_${randomBytes(5).toString('hex')}`);
  await createDatabase(url, { template });
  if (options.freshServerKeys) await withClient(url, (client) => client.query('delete from server_key'));
  return { url, drop: () => dropDatabase(url) };
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
