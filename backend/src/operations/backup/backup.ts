import { chmod, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { folderBytes, freeBytes, MB } from '../disk/disk-space.js';
import { encryptArchive } from './archive-crypto.js';
import { describeFiles, sha256Of, type FileEntry } from './archive-files.js';
import { archiveName } from './backup-store.js';
import { checkClientMajor, connectionOf, findPgTools, runTool } from './pg-tools.js';

/** What an archive holds besides the dump and the files, and what a restore checks against. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  appVersion: string;
  postgresVersion: string;
  /** the Prisma migrations applied to the database, in order */
  migrations: string[];
  /** rows of each table of the public schema, counted in the dump's snapshot */
  tables: Record<string, number>;
  dump: { bytes: number; sha256: string };
  files: { count: number; bytes: number; entries: FileEntry[] };
}

export interface BackupOptions {
  databaseUrl: string;
  uploadDir: string;
  backupDir: string;
  /** PG_BIN_DIR: where pg_dump and pg_restore are, when not in the usual places */
  pgBinDir?: string;
  /** BACKUP_PASSPHRASE: the archive is encrypted with it (archive-crypto.ts) and named .tar.enc */
  passphrase?: string;
  log?: (line: string) => void;
  now?: Date;
  /** the bytes free in a folder (fs.statfs); a test gives a smaller disk than the machine has */
  freeSpace?: (dir: string) => Promise<number>;
}

/**
 * A backup needs room for the database and the uploads, times this. pg_database_size counts indexes and
 * free pages that the compressed dump leaves out, so it bounds the dump even while the dump lies both in
 * the staging folder and in the archive; the rest covers the manifest and tar's headers.
 */
export const BACKUP_ROOM_MARGIN = 1.2;

export interface BackupResult {
  file: string;
  bytes: number;
  durationMs: number;
  manifest: BackupManifest;
}

/** The members of an archive. */
export const MANIFEST = 'manifest.json';
export const DUMP = 'database.dump';
export const UPLOADS = 'uploads';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

function appVersion(): string {
  return (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The server's version (`show server_version_num`, 150014) and text (15.14). */
export async function serverVersion(client: pg.Client): Promise<{ num: number; text: string }> {
  const { rows } = await client.query<{ num: string; text: string }>(
    "select current_setting('server_version_num') as num, current_setting('server_version') as text",
  );
  return { num: Number(rows[0].num), text: rows[0].text };
}

/** The tables of the public schema, by name. */
export async function publicTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public' order by tablename");
  return rows.map((row) => row.tablename);
}

/** Rows of each table of the public schema, by name, in the client's current transaction. */
export async function countRows(client: pg.Client): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const tablename of await publicTables(client)) {
    const counted = await client.query<{ n: string }>(`select count(*) as n from public.${pg.escapeIdentifier(tablename)}`);
    counts[tablename] = Number(counted.rows[0].n);
  }
  return counts;
}

/** The migrations applied to the database, in order; none when it was never migrated. */
export async function appliedMigrations(client: pg.Client): Promise<string[]> {
  if (!(await publicTables(client)).includes('_prisma_migrations')) return [];
  const { rows } = await client.query<{ migration_name: string }>(
    'select migration_name from _prisma_migrations where finished_at is not null and rolled_back_at is null order by migration_name',
  );
  return rows.map((row) => row.migration_name);
}

/**
 * Writes BACKUP_DIR/forwarder-backup-<time>.tar: manifest.json, database.dump (pg_dump's custom format,
 * compressed) and uploads/. The dump and the manifest's row counts are read in one exported snapshot
 * (a repeatable-read transaction held open while pg_dump runs), so they agree with each other whatever
 * is written meanwhile. The archive is written under a temporary name and renamed when complete: a
 * failed or interrupted backup leaves no half archive under our name. It does not start without room for
 * itself in BACKUP_DIR (checkRoom): a backup that fills the disk would fail the uploads beside it.
 * The archive is its owner's alone (0600, in BACKUP_DIR made 0700); with a passphrase it is encrypted,
 * the clear tar living only in the 0700 staging folder meanwhile. The master key is never in it: it is
 * not in the database, and its file is not under the upload folder.
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const now = options.now ?? new Date();
  const tools = findPgTools(options.pgBinDir);
  await privateFolder(options.backupDir);
  const client = new pg.Client({ connectionString: options.databaseUrl });
  const name = archiveName(now, !!options.passphrase);
  const partial = path.join(options.backupDir, `.${name}.partial`);
  let staging: string | undefined;
  try {
    await client.connect();
    const version = await serverVersion(client);
    checkClientMajor(tools, version.num);
    await checkRoom(client, options);
    staging = await mkdtemp(path.join(options.backupDir, '.staging-'));
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const tables = await countRows(client);
    const migrations = await appliedMigrations(client);
    log(`dumping the database (${Object.keys(tables).length} tables, ${sum(Object.values(tables))} rows, PostgreSQL ${version.text})…`);
    const dumpFile = path.join(staging, DUMP);
    const connection = connectionOf(options.databaseUrl);
    await runTool(tools.pgDump, ['--format=custom', `--snapshot=${rows[0].snapshot}`, `--file=${dumpFile}`, `--dbname=${connection.dbname}`], connection.env);
    await client.query('commit');

    log(`hashing the uploaded files in ${options.uploadDir}…`);
    const files = await describeFiles(options.uploadDir);
    const manifest: BackupManifest = {
      format: 1,
      createdAt: now.toISOString(),
      appVersion: appVersion(),
      postgresVersion: version.text,
      migrations,
      tables,
      dump: { bytes: (await stat(dumpFile)).size, sha256: await sha256Of(dumpFile) },
      files: { count: files.length, bytes: sum(files.map((file) => file.bytes)), entries: files },
    };
    await writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));

    log(`writing ${name} (${files.length} files${options.passphrase ? ', encrypted' : ''})…`);
    const plain = options.passphrase ? path.join(staging, 'archive.tar') : partial;
    await tar.c({ file: plain, cwd: staging, portable: true }, [MANIFEST, DUMP]);
    await chmod(plain, 0o600);
    if (files.length)
      await tar.r(
        { file: plain, cwd: options.uploadDir, prefix: UPLOADS, portable: true },
        files.map((file) => file.path),
      );
    if (options.passphrase) await encryptArchive(plain, partial, options.passphrase);
    const file = path.join(options.backupDir, name);
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, durationMs: Math.round(performance.now() - started), manifest };
  } finally {
    await client.end().catch(() => {});
    if (staging) await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** BACKUP_DIR made (or kept) 0700: the archives are nobody else's to list or read. */
async function privateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}

/** Refuses to start a backup that BACKUP_DIR's disk has no room for (BACKUP_ROOM_MARGIN), saying what it needs. */
async function checkRoom(client: pg.Client, options: BackupOptions): Promise<void> {
  const { rows } = await client.query<{ bytes: string }>('select pg_database_size(current_database()) as bytes');
  const database = Number(rows[0].bytes);
  const uploads = await folderBytes(options.uploadDir);
  const needed = Math.ceil((database + uploads) * BACKUP_ROOM_MARGIN);
  const free = await (options.freeSpace ?? freeBytes)(options.backupDir);
  if (free >= needed) return;
  const mb = (bytes: number) => `${Math.ceil(bytes / MB)} MB`;
  throw new Error(
    `not enough room for a backup: about ${mb(needed)} needed (database ${mb(database)} and uploads ${mb(uploads)}, × ${BACKUP_ROOM_MARGIN}), ` +
      `${mb(free)} free on the backup folder's disk. Free space there, or set BACKUP_DIR to a larger disk; nothing was written.`,
  );
}

export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
