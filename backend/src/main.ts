import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory.js';
import { loadConfig } from './config/app-config.js';
import { trimYoungGenerationWhenIdle } from './operations/memory/idle-trim.js';

// API-only entry for a server whose database is already migrated (DATABASE_URL required);
// `npm start` (scripts/start.mjs) is the full start with the embedded database.
// Files this process writes (uploads, backups, the master key file) are its own alone: 0600 and 0700.
process.umask(0o077);
const config = loadConfig();
const app = await createApp(config);
app.enableShutdownHooks();
await app.listen(config.port);
// started with scripts/lib/server-runtime.mjs's flags (--expose-gc): the young generation given back when idle
trimYoungGenerationWhenIdle();
new Logger('Server').log(`listening on http://localhost:${config.port}`);
