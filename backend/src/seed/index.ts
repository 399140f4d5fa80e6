import { createBaseClient } from '../prisma/prisma.service.js';
import { seedDatabase, type SeedOptions } from './seed.js';

/**
 * Loads the seed into the database at `url` (in the installation's mode: seed.ts). With `onlyIfEmpty`,
 * does nothing when staff already exist: `npm start` seeds the first run only, so later runs keep every
 * change users made.
 */
export async function runSeed(url: string, { onlyIfEmpty = false, log = console.log, ...options }: { onlyIfEmpty?: boolean } & SeedOptions = {}) {
  const db = createBaseClient(url, 2);
  try {
    if (onlyIfEmpty && (await db.user.count()) > 0) return false;
    await seedDatabase(db, { log, ...options });
    return true;
  } finally {
    await db.$disconnect();
  }
}
