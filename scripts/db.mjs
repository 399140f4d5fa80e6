#!/usr/bin/env node
// npm run db:migrate | db:seed | db:reset | db:backup | db:restore — on DATABASE_URL, or on the embedded
// PostgreSQL in .data/pg (db:backup and db:restore use it while `npm start` runs it).
//   migrate: apply the committed Prisma migrations (prisma/migrations)
//   seed:    load the demo data (idempotent: creates what is missing, keeps users' changes)
//   reset:   drop the database, migrate and seed again (asks nothing: the demo data is lost)
//   backup:  write the database and the upload folder into one archive in BACKUP_DIR (docs/backup.md)
//   restore <archive> [--force]: restore an archive into an empty database and upload folder (--force:
//            replace what they hold), then check every table's rows and every file against its manifest
import path from 'node:path';
import { createDatabase, dropDatabase, resolveDatabase } from './lib/database.mjs';
import { backendModule, backup, megabytes, migrate, seconds, seed } from './lib/lifecycle.mjs';

const USAGE = 'usage: node scripts/db.mjs migrate|seed|reset|backup|restore <archive> [--force]';
const [command, ...rest] = process.argv.slice(2);
const archive = rest.find((arg) => !arg.startsWith('--'));
if (!['migrate', 'seed', 'reset', 'backup', 'restore'].includes(command) || (command === 'restore' && !archive)) {
  console.error(USAGE);
  process.exit(2);
}

async function serverConfig(url) {
  process.env.DATABASE_URL = url;
  const { loadConfig } = await backendModule('config/app-config.js');
  return loadConfig();
}

/** Restores `archive` and prints what came back; a count or file that differs from the manifest fails the command. */
async function restore(url) {
  const config = await serverConfig(url);
  const { restoreBackup } = await backendModule('operations/backup/restore.js');
  const summary = await restoreBackup({
    // npm runs scripts in the project folder: a relative path is meant from where the command was typed
    archive: path.resolve(process.env.INIT_CWD ?? process.cwd(), archive),
    databaseUrl: url,
    uploadDir: config.uploadDir,
    workDir: config.backupDir,
    pgBinDir: config.pgBinDir,
    force: rest.includes('--force'),
    log: console.log,
  });
  const { manifest } = summary;
  console.log(
    `restored ${path.basename(archive)} (taken ${manifest.createdAt}, release ${manifest.appVersion}, PostgreSQL ${manifest.postgresVersion}) in ${seconds(summary.durationMs)}: ` +
      `${summary.tables} tables, ${summary.rows} rows, ${summary.files} files (${megabytes(summary.bytes)})`,
  );
  if (summary.mismatches.length) {
    for (const mismatch of summary.mismatches) console.error(`  mismatch: ${mismatch}`);
    throw new Error(`${summary.mismatches.length} differences from the backup's manifest`);
  }
  console.log('every table and file matches the manifest; the next start applies any migration newer than the backup');
}

let database;
try {
  database = await resolveDatabase({ shareRunning: command === 'backup' || command === 'restore' });
  if (command === 'backup') await backup(database.url, await serverConfig(database.url));
  else if (command === 'restore') await restore(database.url);
  else {
    if (command === 'reset') {
      await dropDatabase(database.url);
      await createDatabase(database.url);
    }
    if (command !== 'seed') migrate(database.url);
    if (command !== 'migrate') await seed(database.url);
  }
  console.log(`db ${command}: done`);
} catch (error) {
  console.error(`db ${command} failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  await database?.stop();
}
// said outright: the embedded server's exit hook (async-exit-hook) would otherwise end the process with 0
process.exit(process.exitCode ?? 0);
