import { dropDatabase, withDatabase } from '../../scripts/lib/database.mjs';

export default async function globalTeardown() {
  const serverUrl = process.env.FWD_TEST_SERVER_URL;
  if (serverUrl && process.env.FWD_TEST_TEMPLATE) await dropDatabase(withDatabase(serverUrl, process.env.FWD_TEST_TEMPLATE)).catch(() => {});
  await globalThis.__FWD_PG__?.stop();
}
