import { createBaseClient } from '../prisma/prisma.service.js';
import { seedDatabase } from './seed.js';

/**
 * Loads the demo data into the database at `url`. With `onlyIfEmpty`, does nothing when staff already
 * exist: `npm start` seeds the first run only, so later runs keep every change users made.
 */
export async function runSeed(url: string, { onlyIfEmpty = false, log = console.log } = {}) {
  const db = createBaseClient(url, 2);
  try {
    if (onlyIfEmpty && (await db.user.count()) > 0) return false;
    await seedDatabase(db, log);
    return true;
  } finally {
    await db.$disconnect();
  }
}
