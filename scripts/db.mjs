#!/usr/bin/env node
// npm run db:migrate | db:seed | db:reset — on DATABASE_URL, or on the embedded PostgreSQL in .data/pg.
//   migrate: apply the committed Prisma migrations (prisma/migrations)
//   seed:    load the demo data (idempotent: creates what is missing, keeps users' changes)
//   reset:   drop the database, migrate and seed again (asks nothing: the demo data is lost)
import { createDatabase, dropDatabase, resolveDatabase } from './lib/database.mjs';
import { migrate, seed } from './lib/lifecycle.mjs';

const command = process.argv[2];
if (!['migrate', 'seed', 'reset'].includes(command)) {
  console.error('usage: node scripts/db.mjs migrate|seed|reset');
  process.exit(2);
}
const database = await resolveDatabase();
try {
  if (command === 'reset') {
    await dropDatabase(database.url);
    await createDatabase(database.url);
  }
  if (command !== 'seed') migrate(database.url);
  if (command !== 'migrate') await seed(database.url);
  console.log(`db ${command}: done`);
} catch (error) {
  console.error(`db ${command} failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  await database.stop();
}
