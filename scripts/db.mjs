#!/usr/bin/env node
// npm run db:migrate | db:seed | db:reset | db:backup | db:restore | keys:rotate — on DATABASE_URL, or on
// the embedded PostgreSQL in .data/pg (db:backup, db:restore and keys:rotate use it while `npm start` runs it).
//   migrate: apply the committed Prisma migrations (prisma/migrations)
//   seed:    load the demo data (idempotent: creates what is missing, keeps users' changes)
//   reset:   drop the database, migrate and seed again (asks nothing: the demo data is lost)
//   backup:  write the database and the upload folder into one archive in BACKUP_DIR (docs/backup.md),
//            encrypted when BACKUP_PASSPHRASE is set
//   restore <archive> [--force]: restore an archive into an empty database and upload folder (--force:
//            replace what they hold), then check every table's rows and every file against its manifest;
//            an encrypted archive is read with BACKUP_PASSPHRASE
//   rotate-master-key: re-seal the server keys under a new master key (NEW_APP_MASTER_KEY, or a new key
//            file; docs/security.md)
import path from 'node:path';
import { createDatabase, dropDatabase, resolveDatabase } from './lib/database.mjs';
import { backendModule, backup, megabytes, migrate, seconds, seed } from './lib/lifecycle.mjs';

const USAGE = 'usage: node scripts/db.mjs migrate|seed|reset|backup|restore <archive> [--force]|rotate-master-key';
const [command, ...rest] = process.argv.slice(2);
const archive = rest.find((arg) => !arg.startsWith('--'));
if (!['migrate', 'seed', 'reset', 'backup', 'restore', 'rotate-master-key'].includes(command) || (command === 'restore' && !archive)) {
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
    passphrase: config.backupPassphrase,
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

/**
 * Re-seals every server key under a new master key: NEW_APP_MASTER_KEY when given (then put it in
 * APP_MASTER_KEY), else a new key written into the key file. Servers running keep working; restart them
 * with the new key.
 */
async function rotateKey(url) {
  const config = await serverConfig(url);
  const { rotateMasterKey } = await backendModule('auth/master-key.js');
  if (config.masterKey && !process.env.NEW_APP_MASTER_KEY) {
    throw new Error('APP_MASTER_KEY is set: give the new key as NEW_APP_MASTER_KEY (openssl rand -base64 32), then put it in APP_MASTER_KEY');
  }
  const result = await rotateMasterKey(url, config, process.env.NEW_APP_MASTER_KEY || undefined);
  console.log(`${result.rows} server keys re-sealed under the new master key`);
  console.log(
    result.keyFile
      ? `the new key is in ${result.keyFile} (0600): keep a copy of it apart from the backups; restart the servers`
      : 'put NEW_APP_MASTER_KEY in APP_MASTER_KEY for every instance, then restart them',
  );
}

let database;
try {
  database = await resolveDatabase({ shareRunning: ['backup', 'restore', 'rotate-master-key'].includes(command) });
  // what is written from here on (archives, restored uploads, the master key file) is the owner's alone, as
  // under npm start; only now: under root the embedded PostgreSQL's user must enter the folders made for it
  process.umask(0o077);
  if (command === 'backup') await backup(database.url, await serverConfig(database.url));
  else if (command === 'restore') await restore(database.url);
  else if (command === 'rotate-master-key') await rotateKey(database.url);
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
