// Prisma CLI configuration. The URL comes from DATABASE_URL; scripts/prisma.mjs sets it (and the offline
// schema engine) before running the CLI, so no command here ever downloads an engine.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations', seed: 'node scripts/db.mjs seed' },
  // No fallback to a real server: a command run without DATABASE_URL must fail, not write somewhere else.
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://database-url-not-set@127.0.0.1:1/none' },
});
