// The disk (docs/operations.md, "Disk space"): uploads within quotas, unattached uploads cleaned up daily,
// a full disk answered 507 with a message a user can act on and told to the administrators once, readiness
// warning of a nearly full disk, and a backup that does not start without room. The full disk is a real
// one: a small tmpfs mounted for the test where the machine allows it (root), else an injected ENOSPC.
import { SchedulerRegistry } from '@nestjs/schedule';
import { jest } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import fs, { existsSync, mkdtempSync, readdirSync, rmSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { StoredFileView } from '../src/files/files.service.js';
import { OrphanUploadsService, ORPHAN_UPLOADS_JOB } from '../src/files/orphan-uploads.service.js';
import { createBackup } from '../src/operations/backup/backup.js';
import { createTestApp, DEMO, login, requestAs, setParameter, type Session, type TestApp, useTestApp } from './app.js';
import { PNG } from './sample-files.js';
import { waitFor } from './wait-for.js';

process.env.CUSTOMER_POOL_SCHEDULED = 'false';
process.env.LOG_PURGE_SCHEDULED = 'false';

const MB = 1024 * 1024;
const DISK_FULL = '服务器磁盘已满，请联系管理员';

/** A PNG of about `bytes` (zeros after its end, which no reader minds). */
const pngOf = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length)]);

const send = (t: TestApp, by: Session, content: Buffer, filename = 'photo.png') =>
  requestAs(t, by).post('/api/v1/file/update?use=image').attach('file', content, { filename, contentType: 'image/png' });

/** Every file under `dir`, relative to it. */
const filesIn = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();

/**
 * A new folder on a disk of `mb` MB of its own (a tmpfs), or undefined where mounting is refused (not
 * root, a container without the capability): the tests then inject the disk's error instead.
 */
function smallDisk(mb: number): string | undefined {
  const dir = mkdtempSync(path.join(tmpdir(), 'fwd-small-disk-'));
  if (process.env.FWD_TEST_NO_TMPFS !== '1' && spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${mb}m`, 'tmpfs', dir]).status === 0) return dir;
  rmSync(dir, { recursive: true, force: true });
  return undefined;
}

function removeDisk(dir: string | undefined) {
  if (!dir) return;
  spawnSync('umount', [dir]);
  rmSync(dir, { recursive: true, force: true });
}

/** Writes zeros into `file` until the disk holding it refuses more (ENOSPC): the disk is then full. */
function fill(file: string) {
  expect(() => writeFileSync(file, Buffer.alloc(64 * MB))).toThrow(expect.objectContaining({ code: 'ENOSPC' }));
}

/** Where no tmpfs can be mounted: every file stream multer opens fails as a full disk does, after creating its file. */
function injectFullDisk() {
  const create = fs.createWriteStream;
  return jest.spyOn(fs, 'createWriteStream').mockImplementation(((file: fs.PathLike) => {
    const stream = create(file);
    const full = new PassThrough();
    full.on('pipe', () => setImmediate(() => full.destroy(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))));
    full.on('close', () => stream.destroy());
    return full;
  }) as unknown as typeof fs.createWriteStream);
}

describe('the disk', () => {
  describe('a full upload disk', () => {
    let disk: string | undefined;
    let t: TestApp;
    let sales: Session;
    let admin: Session;
    let injected: ReturnType<typeof injectFullDisk> | undefined;
    const uploadDir = () => t.config.uploadDir;
    const diskNotices = async () => {
      const res = await requestAs(t, admin).post('/api/v1/notice/my/list').send({ pageIndex: 1, pageSize: 50 }).expect(200);
      return (res.body.data.items as { title: string }[]).filter((notice) => notice.title.includes('服务器磁盘已满'));
    };

    beforeAll(async () => {
      disk = smallDisk(2);
      t = await createTestApp(disk ? { uploadDir: disk } : {});
      [sales, admin] = [await login(t, ...DEMO.salesman), await login(t, ...DEMO.admin)];
      if (disk) fill(path.join(disk, 'filler'));
      else injected = injectFullDisk();
    });
    afterAll(async () => {
      injected?.mockRestore();
      removeDisk(disk);
      await t?.close();
    });

    it('answers an upload 507 with a message the user can act on, and keeps nothing of it: no file, no row', async () => {
      const [files, rows] = [filesIn(uploadDir()), await t.prisma.db.storedFile.count()];
      const res = await send(t, sales, pngOf(64 * 1024)).expect(507);
      expect(res.body).toMatchObject({ success: false, code: 507, message: DISK_FULL, data: null });
      expect(filesIn(uploadDir())).toEqual(files);
      expect(await t.prisma.db.storedFile.count()).toBe(rows);
      // in English for a client that asks for it
      const en = await send(t, sales, pngOf(64 * 1024))
        .set('Accept-Language', 'en')
        .expect(507);
      expect(en.body.message).toBe("The server's disk is full; tell your administrator");
    });

    it('tells the administrators once, however many uploads fail, and keeps each failure in the error log', async () => {
      for (let i = 0; i < 3; i++) await send(t, sales, pngOf(64 * 1024)).expect(507);
      await waitFor(async () => (await diskNotices()).length > 0, 5000, 'the disk notice');
      // every failure so far (the first test's two and these three) has had its chance to send one
      await t.flushAudit();
      const notices = await diskNotices();
      expect(notices).toHaveLength(1);
      expect(notices[0].title).toBe("服务器磁盘已满 / The server's disk is full");
      const logged = await t.prisma.db.errorLog.count({ where: { message: { contains: 'ENOSPC' } } });
      expect(logged).toBeGreaterThanOrEqual(5);
    });

    it('takes the instance out of readiness while a write fails, and reports the disk below its threshold', async () => {
      const res = await t.http().get('/api/health/ready');
      if (disk) {
        expect(res.status).toBe(503);
        expect(res.body.status).toBe('fail');
        expect(res.body.checks.uploads).toMatchObject({ status: 'fail', error: 'ENOSPC' });
        expect(res.body.checks.disk).toMatchObject({ status: 'degraded', freeBytes: 0, minFreeBytes: 1024 * MB });
      } else {
        // injected: only multer's writes fail and the machine's disk is far from full, so the threshold is raised past it
        expect(res.body.checks.disk.status).toBe('ok');
        await setParameter(t, admin, 'upload.diskMinFreeMb', 1024 * 1024 * 1024);
        const warned = await t.http().get('/api/health/ready').expect(200);
        expect(warned.body).toMatchObject({ status: 'degraded', checks: { disk: { status: 'degraded' } } });
      }
    });

    it('serves again once space is freed, still warning (200, degraded) while below the threshold', async () => {
      if (!disk) return;
      truncateSync(path.join(disk, 'filler'), 0);
      const res = await t.http().get('/api/health/ready').expect(200);
      expect(res.body.status).toBe('degraded');
      expect(res.body.checks.uploads.status).toBe('ok');
      expect(res.body.checks.disk).toMatchObject({ status: 'degraded', freeBytes: expect.any(Number) });
      expect(res.body.checks.disk.freeBytes).toBeGreaterThan(MB);
      await send(t, sales, pngOf(64 * 1024)).expect(200);
    });
  });

  describe('quotas', () => {
    const { t, admin, sales, op } = useTestApp({ admin: DEMO.admin, sales: DEMO.salesman, op: DEMO.operator });

    it("refuses an upload past the user's own quota (413, naming the quota and the use) and keeps nothing of it; other users upload", async () => {
      await setParameter(t, admin, 'upload.userQuotaMb', 1);
      await send(t, sales, pngOf(600 * 1024)).expect(200);
      const [files, rows] = [filesIn(t.config.uploadDir), await t.prisma.db.storedFile.count()];
      const refused = await send(t, sales, pngOf(600 * 1024)).expect(413);
      expect(refused.body.message).toBe('您上传的文件已达配额：已用 0.6 MB，上限 1 MB。未用于任何记录的文件会按时自动清理；如需更多空间，请联系管理员提高配额');
      expect(filesIn(t.config.uploadDir)).toEqual(files);
      expect(await t.prisma.db.storedFile.count()).toBe(rows);
      // a small one still fits
      await send(t, sales, pngOf(100 * 1024)).expect(200);
      await send(t, op, pngOf(600 * 1024)).expect(200);
    });

    it('refuses before reading the file once the quota is used up', async () => {
      // 600 + 100 + 324 KB: exactly the quota, which is still within it
      await send(t, sales, pngOf(324 * 1024)).expect(200);
      const files = filesIn(t.config.uploadDir);
      // not even read: a file that is no picture would otherwise be a 400
      const res = await send(t, sales, Buffer.from('not a picture'), 'note.txt').set('Accept-Language', 'en').expect(413);
      expect(res.body.message).toMatch(/^Your uploaded files have reached your quota: 1\.0 MB used of 1 MB/);
      expect(filesIn(t.config.uploadDir)).toEqual(files);
    });

    it('refuses everyone past the total quota (507, naming it), whatever their own use', async () => {
      await setParameter(t, admin, 'upload.userQuotaMb', 0);
      await setParameter(t, admin, 'upload.totalQuotaMb', 2);
      const total = (await t.prisma.db.storedFile.aggregate({ _sum: { size: true } }))._sum.size ?? 0;
      const res = await send(t, admin, pngOf(2 * MB - total + 1024)).expect(507);
      expect(res.body.message).toBe(`系统的上传文件总量已达上限：已用 ${(total / MB).toFixed(1)} MB，上限 2 MB，请联系管理员`);
      await send(t, admin, pngOf(10 * 1024)).expect(200);
    });
  });

  describe('unattached uploads', () => {
    // this block's app takes part in the daily clean-up (off in the other suites: test/global-setup.mjs)
    beforeAll(() => (process.env.UPLOAD_ORPHANS_SCHEDULED = 'true'));
    const { t, admin, sales } = useTestApp({ admin: DEMO.admin, sales: DEMO.salesman });
    afterAll(() => (process.env.UPLOAD_ORPHANS_SCHEDULED = 'false'));
    const HOUR = 60 * 60 * 1000;

    const upload = async () => (await send(t, sales, PNG).expect(200)).body.data as StoredFileView;
    const age = (file: StoredFileView, hours: number) =>
      t.prisma.db.storedFile.update({ where: { id: file.id }, data: { createdAt: new Date(Date.now() - hours * HOUR) } });
    const onDisk = (file: StoredFileView) => existsSync(path.join(t.config.uploadDir, file.filePath));

    it('runs as a daily job of every instance', () => {
      expect(t.app.get(SchedulerRegistry).getIntervals()).toContain(`${ORPHAN_UPLOADS_JOB}-check`);
    });

    it('deletes, file and row, an upload no record took within the grace period; keeps attached and young ones', async () => {
      const [attached, orphan, young, recent] = [await upload(), await upload(), await upload(), await upload()];
      await requestAs(t, sales)
        .put('/api/v1/question/add')
        .send({ title: '仓库照片', content: '见附件', imageIds: [attached.id] })
        .expect(200);
      await age(attached, 48);
      await age(orphan, 25);
      await age(recent, 23);
      const swept = await t.app.get(OrphanUploadsService).sweep();
      expect(swept).toMatchObject({ graceHours: 24, deleted: [orphan.filePath], strays: [] });
      expect(await t.prisma.db.storedFile.findUnique({ where: { id: orphan.id } })).toBeNull();
      expect(onDisk(orphan)).toBe(false);
      for (const kept of [attached, young, recent]) {
        expect(await t.prisma.db.storedFile.findUnique({ where: { id: kept.id } })).not.toBeNull();
        expect(onDisk(kept)).toBe(true);
      }
      // a deleted upload can no longer be attached: the writer is told, with its id
      const late = await requestAs(t, sales)
        .put('/api/v1/question/add')
        .send({ title: '晚了', content: '图片', imageIds: [orphan.id] })
        .expect(400);
      expect(late.body.message).toContain(String(orphan.id));
    });

    it('deletes files a crash left in the upload folder that no upload names, once past the grace period', async () => {
      // a young upload whose file is old: named by its row, so no stray
      const kept = await upload();
      const month = path.dirname(kept.filePath);
      const folder = path.join(t.config.uploadDir, month);
      const partial = path.join(folder, 'f0e1d2c3.upload');
      const unnamed = path.join(folder, 'a1b2c3d4.png');
      const fresh = path.join(folder, 'b2c3d4e5.upload');
      const notOurs = path.join(t.config.uploadDir, 'README.txt');
      for (const file of [partial, unnamed, fresh, notOurs]) writeFileSync(file, 'x');
      const longAgo = new Date(Date.now() - 48 * 3600_000);
      for (const file of [partial, unnamed, notOurs, path.join(t.config.uploadDir, kept.filePath)]) utimesSync(file, longAgo, longAgo);
      const { strays } = await t.app.get(OrphanUploadsService).sweep();
      expect(strays.sort()).toEqual([`${month}/a1b2c3d4.png`, `${month}/f0e1d2c3.upload`]);
      expect([partial, unnamed].map((file) => existsSync(file))).toEqual([false, false]);
      expect([fresh, notOurs].map((file) => existsSync(file))).toEqual([true, true]);
      expect(onDisk(kept)).toBe(true);
    });

    it('follows the grace period the administrators set', async () => {
      const [older, newer] = [await upload(), await upload()];
      await age(older, 3);
      await age(newer, 1);
      await setParameter(t, admin, 'upload.orphanGraceHours', 2);
      const { deleted } = await t.app.get(OrphanUploadsService).sweep();
      expect(deleted).toContain(older.filePath);
      expect(deleted).not.toContain(newer.filePath);
    });
  });

  describe('the backup', () => {
    const { t } = useTestApp();
    let disk: string | undefined;
    beforeAll(() => (disk = smallDisk(1)));
    afterAll(() => removeDisk(disk));

    it('does not start without room for the database and the uploads, says what it needs, and writes nothing', async () => {
      const backupDir = disk ?? mkdtempSync(path.join(tmpdir(), 'fwd-backup-room-'));
      const started = createBackup({
        databaseUrl: t.databaseUrl,
        uploadDir: t.config.uploadDir,
        backupDir,
        // where no small disk can be mounted, the backup folder's disk says it has 1 MB free
        freeSpace: disk ? undefined : async () => MB,
      });
      await expect(started).rejects.toThrow(/^not enough room for a backup: about \d+ MB needed \(database \d+ MB and uploads \d+ MB, × 1\.2\), 1 MB free/);
      expect(readdirSync(backupDir)).toEqual([]);
      if (!disk) rmSync(backupDir, { recursive: true, force: true });
    });
  });
});
