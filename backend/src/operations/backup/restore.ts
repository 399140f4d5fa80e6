import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { decryptArchive, isEncryptedArchive } from './archive-crypto.js';
import { emptyFolder, hasEntries, sha256Of } from './archive-files.js';
import { countRows, DUMP, MANIFEST, publicTables, sum, UPLOADS, type BackupManifest } from './backup.js';
import { connectionOf, findPgTools, runTool } from './pg-tools.js';

export interface RestoreOptions {
  archive: string;
  databaseUrl: string;
  uploadDir: string;
  /** a folder on a disk with room for the dump, where it is unpacked for pg_restore (BACKUP_DIR) */
  workDir: string;
  pgBinDir?: string;
  /** replace what the database and the upload folder hold instead of refusing them */
  force?: boolean;
  /** BACKUP_PASSPHRASE: opens an encrypted archive (.tar.enc); a wrong one restores nothing */
  passphrase?: string;
  log?: (line: string) => void;
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  durationMs: number;
  manifest: BackupManifest;
  /** what differs from the manifest after the restore (a table's rows, a file); empty when all is there */
  mismatches: string[];
}

/** A restore that would overwrite data it was not told to replace. */
export class RestoreRefused extends Error {}

/**
 * Restores an archive of createBackup into an empty database and an empty upload folder (or, with
 * `force`, into ones it first clears), then checks every table's row count and every file's hash
 * against the manifest. pg_restore runs in one transaction: a failure leaves the database as empty as
 * it was. A database made by an older release is brought up to date by the next start's migrations.
 * An encrypted archive is first decrypted into the staging folder (0700) and proven whole by its tag.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  if (!existsSync(options.archive)) throw new Error(`${options.archive} does not exist`);
  const tools = findPgTools(options.pgBinDir);
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await mkdir(options.workDir, { recursive: true });
  const staging = await mkdtemp(path.join(options.workDir, '.restore-'));
  try {
    await client.connect();
    const present = await publicTables(client);
    if (!options.force) refuseNonEmpty(present, options);

    let archive = options.archive;
    if (await isEncryptedArchive(archive)) {
      log(`decrypting ${path.basename(archive)}…`);
      archive = path.join(staging, 'archive.tar');
      await decryptArchive(options.archive, archive, options.passphrase);
    }
    log(`unpacking ${path.basename(options.archive)}…`);
    await tar.x({ file: archive, cwd: staging, filter: (entry) => entry === MANIFEST || entry === DUMP });
    if (!existsSync(path.join(staging, MANIFEST)) || !existsSync(path.join(staging, DUMP))) {
      throw new Error(`${options.archive} is not a backup of this product: it lacks ${MANIFEST} or ${DUMP}`);
    }
    const manifest = JSON.parse(await readFile(path.join(staging, MANIFEST), 'utf8')) as BackupManifest;
    const dumpFile = path.join(staging, DUMP);
    if ((await sha256Of(dumpFile)) !== manifest.dump.sha256) throw new Error(`${options.archive} is damaged: its database dump does not match its manifest`);
    const tables = tablesInDump(tools.pgRestore, dumpFile);

    // only now, with an archive known to be sound, is what --force replaces removed
    if (options.force) await clear(client, present, options.uploadDir);
    await restoreDump(tools.pgRestore, dumpFile, tables, options.databaseUrl, log);
    log(`restoring ${manifest.files.count} files (${manifest.files.bytes} bytes) into ${options.uploadDir}…`);
    await mkdir(options.uploadDir, { recursive: true });
    await tar.x({ file: archive, cwd: options.uploadDir, strip: 1, filter: (entry) => entry.startsWith(`${UPLOADS}/`) });

    log('checking the restored rows and files against the manifest…');
    const mismatches = [...(await rowMismatches(client, manifest)), ...(await fileMismatches(options.uploadDir, manifest))];
    return {
      tables: Object.keys(manifest.tables).length,
      rows: sum(Object.values(manifest.tables)),
      files: manifest.files.count,
      bytes: manifest.files.bytes,
      durationMs: Math.round(performance.now() - started),
      manifest,
      mismatches,
    };
  } finally {
    await client.end().catch(() => {});
    await rm(staging, { recursive: true, force: true });
  }
}

/** A database holding any table, or an upload folder holding anything, is not restored into without --force. */
function refuseNonEmpty(tables: string[], options: RestoreOptions) {
  if (tables.length) {
    const database = new URL(options.databaseUrl).pathname.slice(1);
    const some = `${tables.slice(0, 3).join(', ')}${tables.length > 3 ? ', …' : ''}`;
    throw new RestoreRefused(
      `the database "${database}" is not empty (${tables.length} tables: ${some}): restore into a new, empty database, or add --force to replace its contents`,
    );
  }
  if (hasEntries(options.uploadDir)) {
    throw new RestoreRefused(`the upload folder ${options.uploadDir} is not empty: restore into an empty one, or add --force to replace its files`);
  }
}

/** What --force replaces: the public schema made again, the upload folder emptied. */
async function clear(client: pg.Client, tables: string[], uploadDir: string) {
  if (tables.length) {
    await client.query('drop schema public cascade');
    await client.query('create schema public');
  }
  await emptyFolder(uploadDir);
}

/** How many tables' data the dump holds (pg_restore --list); also proves pg_restore can read it. */
function tablesInDump(pgRestore: string, dumpFile: string): number {
  const listing = spawnSync(pgRestore, ['--list', dumpFile], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (listing.status !== 0) throw new Error(`pg_restore could not read the dump: ${listing.stderr.trim()}`);
  return listing.stdout.split('\n').filter((line) => / TABLE DATA /.test(line)).length;
}

/** pg_restore of the dump, telling each table as its data goes in ("restoring table x (n/N)"). */
async function restoreDump(pgRestore: string, dumpFile: string, total: number, databaseUrl: string, log: (line: string) => void) {
  log(`restoring the database (${total} tables)…`);
  const connection = connectionOf(databaseUrl);
  let done = 0;
  await runTool(
    pgRestore,
    ['--no-owner', '--no-privileges', '--single-transaction', '--verbose', `--dbname=${connection.dbname}`, dumpFile],
    connection.env,
    (line) => {
      const table = /processing data for table "(?:[^"]+\.)?([^"]+)"/.exec(line);
      if (table) log(`restoring table ${table[1]} (${++done}/${total})`);
    },
  );
}

async function rowMismatches(client: pg.Client, manifest: BackupManifest): Promise<string[]> {
  const restored = await countRows(client);
  return Object.entries(manifest.tables)
    .filter(([table, rows]) => restored[table] !== rows)
    .map(([table, rows]) => `table ${table}: ${restored[table] ?? 'missing'} rows restored, ${rows} in the backup`);
}

async function fileMismatches(uploadDir: string, manifest: BackupManifest): Promise<string[]> {
  const mismatches: string[] = [];
  for (const entry of manifest.files.entries) {
    const file = path.join(uploadDir, entry.path);
    if (!existsSync(file)) mismatches.push(`file ${entry.path}: missing`);
    else if ((await sha256Of(file)) !== entry.sha256) mismatches.push(`file ${entry.path}: differs from the backup`);
  }
  return mismatches;
}
