// Backup and restore (docs/backup.md): an archive of a database with data and of its uploaded files,
// restored into a new database and a new upload folder, gives back every row and every file; what the
// command line, the scheduled job, its retention and the administrators' view do with it; archives private
// (0600 in a 0700 folder) and, with BACKUP_PASSPHRASE, encrypted: what a stolen archive gives (issue 32).
import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import request from 'supertest';
import { createDatabase, dropDatabase, withDatabase } from '../../scripts/lib/database.mjs';
import { createApp } from '../src/app.factory.js';
import { storedId } from '../src/auth/auth.service.js';
import { parseMasterKey, unseal } from '../src/auth/master-key.js';
import { BackupPassphraseError, decryptArchive, ENCRYPTED_MAGIC } from '../src/operations/backup/archive-crypto.js';
import { runDailyOnce } from '../src/prisma/daily-job.js';
import { filesUnder } from '../src/operations/backup/archive-files.js';
import { createBackup, type BackupManifest, type BackupResult } from '../src/operations/backup/backup.js';
import { archiveName } from '../src/operations/backup/backup-store.js';
import { BackupService } from '../src/operations/backup/backup.service.js';
import { BACKUP_JOB } from '../src/operations/backup/backup-store.js';
import { findPgTools } from '../src/operations/backup/pg-tools.js';
import { restoreBackup, RestoreRefused } from '../src/operations/backup/restore.js';
import { DEMO, FORBIDDEN, login, requestAs, setParameter, useTestApp, viewOwnInfo, type TestApp } from './app.js';
import { addDedicatedOrder, dedicatedLineCustomer, moveDedicatedOrder } from './order-fixtures.js';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'fwd-backup-'));
const backupDir = path.join(scratch, 'backups');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The uploaded files of the source: nested folders, text and binary. */
const FILES: Record<string, Buffer> = {
  'orders/2026/11/voucher.pdf': Buffer.from('%PDF-1.4 voucher'),
  'orders/2026/11/photo.bin': randomBytes(200_000),
  'notice/readme.txt': Buffer.from('通知附件'),
};

/** Per table of the public schema: its row count and the md5 of its rows' text, in order. */
async function tableDigests(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public' order by tablename");
    const digests: Record<string, string> = {};
    for (const { tablename } of rows) {
      const table = `public.${pg.escapeIdentifier(tablename)}`;
      const { rows: digest } = await client.query<{ n: string; md5: string }>(
        `select count(*) as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from ${table} t`,
      );
      digests[tablename] = `${digest[0].n}:${digest[0].md5}`;
    }
    return digests;
  } finally {
    await client.end();
  }
}

/** A new, empty database on the test server; dropped after the file's tests. */
const made: string[] = [];
async function emptyDatabase(): Promise<string> {
  const url = withDatabase(process.env.FWD_TEST_SERVER_URL!, `fwd_test_restore_${randomBytes(5).toString('hex')}`);
  await createDatabase(url);
  made.push(url);
  return url;
}
afterAll(async () => {
  for (const url of made) await dropDatabase(url);
});

describe('backup and restore', () => {
  // no audit rows written behind the test's back: the source must hold still between backup and comparison
  const { t, admin, sales } = useTestApp({ admin: DEMO.admin, sales: DEMO.salesman }, { auditEnabled: false, backupDir });
  let backup: BackupResult;
  let source: Record<string, string>;

  beforeAll(async () => {
    const ground = await dedicatedLineCustomer(t, admin, sales, '备份测试客户');
    const order = await addDedicatedOrder(t, sales, ground);
    await addDedicatedOrder(t, sales, ground, { goodsName: '玩具' });
    await moveDedicatedOrder(t, order.id, 'completeCabinet', () => admin);
    for (const [name, content] of Object.entries(FILES)) {
      mkdirSync(path.dirname(path.join(t.config.uploadDir, name)), { recursive: true });
      writeFileSync(path.join(t.config.uploadDir, name), content);
    }
    backup = await createBackup({ databaseUrl: t.databaseUrl, uploadDir: t.config.uploadDir, backupDir });
    source = await tableDigests(t.databaseUrl);
  });

  it('writes one dated archive holding the manifest, the dump and the uploads', async () => {
    expect(path.basename(backup.file)).toMatch(/^forwarder-backup-\d{8}-\d{6}\.tar$/);
    const members: string[] = [];
    await tar.t({ file: backup.file, onReadEntry: (entry) => members.push(entry.path) });
    expect(members.sort()).toEqual(['database.dump', 'manifest.json', ...Object.keys(FILES).map((name) => `uploads/${name}`)].sort());
    const { manifest } = backup;
    expect(manifest.appVersion).toBe(JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).version);
    expect(manifest.postgresVersion).toMatch(/^\d+\.\d+/);
    expect(manifest.migrations.at(-1)).toBe(manifest.migrations.toSorted().at(-1));
    expect(manifest.migrations.length).toBeGreaterThan(10);
    expect(manifest.tables.orders).toBe(Number(source.orders.split(':')[0]));
    expect(manifest.files.count).toBe(3);
    expect(manifest.files.bytes).toBe(Object.values(FILES).reduce((sum, content) => sum + content.length, 0));
    // no half archive or staging folder left beside it
    expect((await filesUnder(backupDir)).filter((name) => !name.startsWith('forwarder-backup-'))).toEqual([]);
  });

  it('writes the archive readable by its owner only (0600) in a folder only its owner may enter (0700)', () => {
    expect(statSync(backup.file).mode & 0o777).toBe(0o600);
    expect(statSync(backupDir).mode & 0o777).toBe(0o700);
  });

  it('restores into a new database and a new upload folder every row of every table and every file', async () => {
    const target = await emptyDatabase();
    const uploadDir = path.join(scratch, 'restored-uploads');
    const progress: string[] = [];
    const summary = await restoreBackup({ archive: backup.file, databaseUrl: target, uploadDir, workDir: backupDir, log: (line) => progress.push(line) });
    expect(summary.mismatches).toEqual([]);
    expect(await tableDigests(target)).toEqual(source);
    expect(Object.keys(source)).toContain('orders');
    for (const [name, content] of Object.entries(FILES)) expect(readFileSync(path.join(uploadDir, name)).equals(content)).toBe(true);
    expect(await filesUnder(uploadDir)).toEqual(Object.keys(FILES).sort());
    expect(summary).toMatchObject({ tables: Object.keys(source).length, files: 3 });
    expect(progress).toContainEqual(expect.stringMatching(/^restoring table orders \(\d+\/\d+\)$/));
  });

  it('refuses a database that holds tables, and an upload folder that holds files, unless forced', async () => {
    const uploadDir = path.join(scratch, 'refused-uploads');
    await expect(restoreBackup({ archive: backup.file, databaseUrl: t.databaseUrl, uploadDir, workDir: backupDir })).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup({ archive: backup.file, databaseUrl: t.databaseUrl, uploadDir, workDir: backupDir })).rejects.toThrow(
      /is not empty .*add --force/,
    );
    mkdirSync(uploadDir, { recursive: true });
    writeFileSync(path.join(uploadDir, 'stray.txt'), 'x');
    const target = await emptyDatabase();
    await expect(restoreBackup({ archive: backup.file, databaseUrl: target, uploadDir, workDir: backupDir })).rejects.toThrow(/upload folder .* is not empty/);
    // forced: both are replaced, and nothing of what they held is left
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    await client.query('create table leftover (id int); insert into leftover values (1)');
    await client.end();
    const summary = await restoreBackup({ archive: backup.file, databaseUrl: target, uploadDir, workDir: backupDir, force: true });
    expect(summary.mismatches).toEqual([]);
    expect(await tableDigests(target)).toEqual(source);
    expect(existsSync(path.join(uploadDir, 'stray.txt'))).toBe(false);
  });

  /** The archive with its members changed by `edit` (in a folder of them), written anew. */
  async function tampered(name: string, edit: (dir: string) => void): Promise<string> {
    const dir = path.join(scratch, name);
    mkdirSync(dir, { recursive: true });
    await tar.x({ file: backup.file, cwd: dir });
    edit(dir);
    const file = path.join(scratch, `${name}.tar`);
    await tar.c({ file, cwd: dir }, ['manifest.json', 'database.dump', 'uploads']);
    return file;
  }

  /** The archive claiming one order more than it holds, with one file changed; made once. */
  let miscountedArchive: Promise<string> | undefined;
  const miscounted = () =>
    (miscountedArchive ??= tampered('miscounted', (dir) => {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
      manifest.tables.orders += 1;
      writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
      writeFileSync(path.join(dir, 'uploads', 'notice', 'readme.txt'), 'changed');
    }));

  it('reports every table and file that does not match the manifest', async () => {
    const archive = await miscounted();
    const summary = await restoreBackup({
      archive,
      databaseUrl: await emptyDatabase(),
      uploadDir: path.join(scratch, 'miscounted-uploads'),
      workDir: backupDir,
    });
    const orders = backup.manifest.tables.orders;
    expect(summary.mismatches).toEqual([
      `table orders: ${orders} rows restored, ${orders + 1} in the backup`,
      'file notice/readme.txt: differs from the backup',
    ]);
  });

  it('a damaged dump is refused before --force removes anything', async () => {
    const archive = await tampered('damaged', (dir) => writeFileSync(path.join(dir, 'database.dump'), 'not a dump'));
    const target = await emptyDatabase();
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      await client.query('create table kept (id int); insert into kept values (1)');
      await expect(
        restoreBackup({ archive, databaseUrl: target, uploadDir: path.join(scratch, 'damaged-uploads'), workDir: backupDir, force: true }),
      ).rejects.toThrow('is damaged: its database dump does not match its manifest');
      expect((await client.query('select id from kept')).rows).toEqual([{ id: 1 }]);
    } finally {
      await client.end();
    }
  });

  /** `node scripts/db.mjs <args>` (what npm run db:… runs, the backend's build) on the database and folders given. */
  const cli = (args: string[], env: { DATABASE_URL: string; UPLOAD_DIR: string; BACKUP_DIR: string }) =>
    spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'db.mjs'), ...args], {
      cwd: repoRoot,
      env: { ...process.env, NODE_OPTIONS: '', ...env },
      encoding: 'utf8',
    });

  it('npm run db:backup writes an archive of the database DATABASE_URL names', () => {
    const cliBackups = path.join(scratch, 'cli-backups');
    const run = cli(['backup'], { DATABASE_URL: t.databaseUrl, UPLOAD_DIR: t.config.uploadDir, BACKUP_DIR: cliBackups });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/backup written: .*forwarder-backup-\d{8}-\d{6}\.tar \([\d.]+ MB\) in [\d.]+ s: \d+ tables, \d+ rows, 3 files/);
    const written = JSON.parse(
      spawnSync('tar', ['-xOf', path.join(cliBackups, (/forwarder-backup-[\d-]+\.tar/.exec(run.stdout) ?? [''])[0]), 'manifest.json'], { encoding: 'utf8' })
        .stdout,
    ) as BackupManifest;
    expect(written.tables).toEqual(backup.manifest.tables);
  });

  it('npm run db:restore prints its progress and summary, and exits 1 naming each mismatch', async () => {
    const env = { DATABASE_URL: await emptyDatabase(), UPLOAD_DIR: path.join(scratch, 'cli-uploads'), BACKUP_DIR: backupDir };
    const run = cli(['restore', await miscounted()], env);
    expect(run.stdout).toMatch(/restoring table orders \(\d+\/\d+\)/);
    expect(run.stdout).toMatch(/restored miscounted\.tar .* in [\d.]+ s: \d+ tables, \d+ rows, 3 files/);
    expect(run.stderr).toContain('  mismatch: file notice/readme.txt: differs from the backup');
    expect(run.stderr).toContain('db restore failed: 2 differences from the backup');
    expect(run.status).toBe(1);
    const again = cli(['restore', backup.file], env);
    expect(again.stderr).toMatch(/db restore failed: the database "fwd_test_restore_\w+" is not empty/);
    expect(again.status).toBe(1);
    const forced = cli(['restore', backup.file, '--force'], env);
    expect(forced.stdout).toContain('every table and file matches the manifest');
    expect(forced.status).toBe(0);
  });

  it('the daily job writes an archive, deletes only our archives older than the retention, and administrators see it', async () => {
    const jobDir = t.config.backupDir;
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000 - 60_000);
    const old = archiveName(daysAgo(3));
    const recent = archiveName(daysAgo(1));
    const foreign = ['other.tar', `${archiveName(daysAgo(30))}.gz`, 'forwarder-backup-latest.tar'];
    for (const name of [old, recent, ...foreign]) {
      writeFileSync(path.join(jobDir, name), 'x');
      utimesSync(path.join(jobDir, name), daysAgo(30), daysAgo(30));
    }
    await setParameter(t, admin, 'backup.retentionDays', 2);

    const check = await runDailyOnce(t.prisma.base, BACKUP_JOB, () => t.app.get(BackupService).backUp(now), now);
    expect(check).toEqual({ outcome: 'ran' });
    const present = await filesUnder(jobDir);
    expect(present).not.toContain(old);
    expect(present).toEqual(expect.arrayContaining([recent, archiveName(now), ...foreign]));
    const run = await t.prisma.db.jobRun.findFirstOrThrow({ where: { name: BACKUP_JOB } });
    expect(run.status).toBe('ok');
    expect(JSON.parse(run.message!)).toMatchObject({ file: archiveName(now), bytes: expect.any(Number), durationMs: expect.any(Number), deleted: 1 });

    const overview = (await requestAs(t, admin).post('/api/v1/deploy/backups').send({ pageIndex: 1, pageSize: 2 }).expect(200)).body.data;
    expect(overview.lastRun).toMatchObject({ status: 'ok', file: archiveName(now), bytes: expect.any(Number) });
    expect(overview.archives).toMatchObject({ totalCount: 3, pageSize: 2, totalPage: 2 });
    expect(overview.archives.items.map((item: { name: string }) => item.name)).toEqual([archiveName(now), path.basename(backup.file)]);
    expect(overview.encrypted).toBe(false);
    expect(overview.archives.items[0].encrypted).toBe(false);
    const refused = await requestAs(t, sales).post('/api/v1/deploy/backups').send({}).expect(403);
    expect(refused.body.message).toBe(FORBIDDEN);
    await requestAs(t, admin).post('/api/v1/deploy/backups').send({ pageSize: 0 }).expect(400);
  });
});

/** An HS256 token signed with `secret` as bytes (jsonwebtoken refuses a PEM as an HMAC key). */
function forgeToken(secret: string, claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...claims, iat: now, exp: now + 600 })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** The rows of `table` in a dump, as pg_restore writes them in SQL (COPY lines). */
function dumpedRows(dumpFile: string, table: string): string {
  const run = spawnSync(findPgTools(undefined).pgRestore, ['--data-only', `--table=${table}`, '--file=-', dumpFile], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout;
}

describe('encrypted backups (BACKUP_PASSPHRASE)', () => {
  const passphrase = 'correct horse battery staple 备份';
  const encDir = path.join(scratch, 'encrypted');
  const { t, admin } = useTestApp({ admin: DEMO.admin }, { auditEnabled: false, backupDir: encDir, backupPassphrase: passphrase });
  let backup: BackupResult;
  /** the server's secrets in clear: what no archive may hold */
  const secrets: string[] = [];

  beforeAll(async () => {
    mkdirSync(path.join(t.config.uploadDir, 'notice'), { recursive: true });
    writeFileSync(path.join(t.config.uploadDir, 'notice', 'readme.txt'), '通知附件');
    backup = await createBackup({ databaseUrl: t.databaseUrl, uploadDir: t.config.uploadDir, backupDir: encDir, passphrase });
    const key = parseMasterKey(t.config.masterKey!, 'APP_MASTER_KEY');
    for (const row of await t.prisma.base.serverKey.findMany()) secrets.push(unseal(key, row.name, row.secretValue));
    secrets.push(t.config.masterKey!, key.toString('hex'));
  });

  it('writes forwarder-backup-<time>.tar.enc, 0600, starting with the format header and holding nothing in clear', () => {
    expect(path.basename(backup.file)).toMatch(/^forwarder-backup-\d{8}-\d{6}\.tar\.enc$/);
    expect(statSync(backup.file).mode & 0o777).toBe(0o600);
    expect(statSync(encDir).mode & 0o777).toBe(0o700);
    const bytes = readFileSync(backup.file);
    expect(bytes.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC)).toBe(true);
    const header = JSON.parse(bytes.subarray(12, 12 + bytes.readUInt32BE(8)).toString());
    expect(header).toMatchObject({ cipher: 'aes-256-gcm', kdf: 'scrypt', N: 131072, r: 8, p: 1 });
    for (const clear of ['manifest.json', 'database.dump', 'readme.txt', ...secrets]) expect(bytes.includes(Buffer.from(clear))).toBe(false);
  });

  it('holds, once decrypted, the server keys only sealed, the sessions only hashed, and never the master key', async () => {
    const dir = path.join(scratch, 'opened');
    mkdirSync(dir, { recursive: true });
    await decryptArchive(backup.file, path.join(dir, 'archive.tar'), passphrase);
    await tar.x({ file: path.join(dir, 'archive.tar'), cwd: dir });
    const archived = readFileSync(path.join(dir, 'archive.tar'));
    const keys = dumpedRows(path.join(dir, 'database.dump'), 'server_key');
    expect(keys).toMatch(/\njwt\t\\N\tv1:/);
    const sessions = dumpedRows(path.join(dir, 'database.dump'), 'auth_session');
    const sid = (JSON.parse(Buffer.from(admin.token.split('.')[1], 'base64url').toString()) as { sid: string }).sid;
    expect(sessions).toContain(storedId(sid));
    for (const clear of [...secrets, sid]) {
      expect(keys.includes(clear) || sessions.includes(clear)).toBe(false);
      expect(archived.includes(Buffer.from(clear))).toBe(false);
    }
  });

  it('restores into a fresh install with the same master key: signing in works, a token forged from the archive is refused', async () => {
    const target = await emptyDatabase();
    const uploadDir = path.join(scratch, 'encrypted-restored-uploads');
    const summary = await restoreBackup({ archive: backup.file, databaseUrl: target, uploadDir, workDir: encDir, passphrase });
    expect(summary.mismatches).toEqual([]);
    expect(readFileSync(path.join(uploadDir, 'notice', 'readme.txt'), 'utf8')).toBe('通知附件');

    const app = await createApp({ ...t.config, databaseUrl: target, uploadDir }, { logger: false });
    await app.listen(0, '127.0.0.1');
    try {
      const url = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
      const restored = { http: () => request(url) } as TestApp;
      const session = await login(restored, ...DEMO.admin);
      await viewOwnInfo(restored, session.token).expect(200);
      // everything the archive holds that looks like a key or a session, tried as the signing secret
      const client = new pg.Client({ connectionString: target });
      await client.connect();
      const keyRows = (await client.query<{ public_value: string | null; secret_value: string }>('select public_value, secret_value from server_key')).rows;
      const sessionRows = (await client.query<{ id: string; refresh_jti: string }>('select id, refresh_jti from auth_session')).rows;
      await client.end();
      const candidates = [...keyRows.flatMap((row) => [row.secret_value, row.public_value ?? '']), ...sessionRows.flatMap((row) => [row.id, row.refresh_jti])];
      expect(candidates.length).toBeGreaterThan(3);
      for (const secret of candidates.filter(Boolean)) {
        for (const sid of sessionRows.map((row) => row.id)) {
          await viewOwnInfo(restored, forgeToken(secret, { sub: String(session.userid), sid, typ: 'access' })).expect(401);
        }
      }
    } finally {
      await app.close();
    }
  });

  it('restores nothing with a wrong passphrase or none, saying so', async () => {
    const target = await emptyDatabase();
    const uploadDir = path.join(scratch, 'wrong-passphrase-uploads');
    const attempt = (passphrase: string | undefined) => restoreBackup({ archive: backup.file, databaseUrl: target, uploadDir, workDir: encDir, passphrase });
    await expect(attempt('not the passphrase')).rejects.toThrow(BackupPassphraseError);
    await expect(attempt('not the passphrase')).rejects.toThrow(/BACKUP_PASSPHRASE is not the passphrase .* was encrypted with: nothing was restored/);
    await expect(attempt(undefined)).rejects.toThrow(/is encrypted: set BACKUP_PASSPHRASE/);
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    expect((await client.query("select count(*)::int as n from pg_tables where schemaname = 'public'")).rows[0].n).toBe(0);
    await client.end();
    expect(existsSync(uploadDir) ? await filesUnder(uploadDir) : []).toEqual([]);
  });

  it('refuses an archive changed after it was written, before anything is restored', async () => {
    const bytes = readFileSync(backup.file);
    bytes[Math.floor(bytes.length / 2)] ^= 0x01;
    const changed = path.join(scratch, 'changed.tar.enc');
    writeFileSync(changed, bytes);
    const target = await emptyDatabase();
    await expect(
      restoreBackup({ archive: changed, databaseUrl: target, uploadDir: path.join(scratch, 'changed-uploads'), workDir: encDir, passphrase }),
    ).rejects.toThrow(/is damaged: its encrypted content does not match its authentication tag/);
    expect((await filesUnder(encDir)).filter((name) => !name.startsWith('forwarder-backup-'))).toEqual([]);
  });

  it('npm run db:backup and db:restore take BACKUP_PASSPHRASE; administrators see which archives are encrypted', async () => {
    const cliDir = path.join(scratch, 'cli-encrypted');
    const env = {
      ...process.env,
      NODE_OPTIONS: '',
      DATABASE_URL: t.databaseUrl,
      UPLOAD_DIR: t.config.uploadDir,
      BACKUP_DIR: cliDir,
      BACKUP_PASSPHRASE: passphrase,
    };
    const db = (args: string[], extra: object = {}) =>
      spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'db.mjs'), ...args], { cwd: repoRoot, env: { ...env, ...extra }, encoding: 'utf8' });
    const written = db(['backup']);
    expect(written.stderr).toBe('');
    expect(written.stdout).toMatch(/backup written, encrypted: .*forwarder-backup-\d{8}-\d{6}\.tar\.enc/);
    const archive = path.join(cliDir, (/forwarder-backup-[\d-]+\.tar\.enc/.exec(written.stdout) ?? [''])[0]);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    const restoreEnv = { DATABASE_URL: await emptyDatabase(), UPLOAD_DIR: path.join(scratch, 'cli-encrypted-uploads') };
    const wrong = db(['restore', archive], { ...restoreEnv, BACKUP_PASSPHRASE: 'wrong' });
    expect(wrong.stderr).toMatch(/db restore failed: BACKUP_PASSPHRASE is not the passphrase .* nothing was restored/);
    expect(wrong.status).toBe(1);
    const right = db(['restore', archive], restoreEnv);
    expect(right.stdout).toContain('every table and file matches the manifest');
    expect(right.status).toBe(0);

    const overview = (await requestAs(t, admin).post('/api/v1/deploy/backups').send({}).expect(200)).body.data;
    expect(overview.encrypted).toBe(true);
    expect(overview.archives.items).toEqual([expect.objectContaining({ name: path.basename(backup.file), encrypted: true })]);
  });
});
