// Uploaded files against a real database and a real upload folder (the medium tier, test/medium.ts): the
// content decides what is stored (not the name), pages hidden in images are refused, the quotas hold, and a
// record takes only its writer's own free files of its use (docs/files.md).
import type { Type } from '@nestjs/common';
import type { Response } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { useMedium } from '../../test/medium.js';
import { uploadRequest } from '../../test/request-objects.js';
import { t } from '../common/messages.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { FilesService } from './files.service.js';
import { UPLOAD_USES } from './upload-policy.js';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('FilesService: uploads and their records (medium)', () => {
  const { m, sales, sales2, files } = useMedium({ sales: 'sales01', sales2: 'sales02' }, { files: FilesService });
  const uploadDir = () => m.get(APP_CONFIG as unknown as Type<AppConfig>).uploadDir;
  const upload = (content: Buffer, fileName: string, use?: string, uploaderId = sales.userId) =>
    files.receive(uploadRequest(content, fileName, use ? { use } : {}), {} as Response, uploaderId);
  /** Every file under the upload folder, relative to it. */
  const onDisk = () => (readdirSync(uploadDir(), { recursive: true }) as string[]).filter((name) => path.extname(name));
  const claim = (ids: number[], userId = sales.userId, options: { use?: 'image' | 'document'; kept?: number[] } = {}) =>
    m.prisma.db.$transaction((tx) => files.claim(tx, ids, { userId, use: options.use ?? 'image', field: 'imageIds', kept: options.kept }));

  describe('receiving', () => {
    it('stores an image under the month’s folder, named by its content, and records its uploader', async () => {
      const stored = await upload(PNG, '照片.jpg');
      expect(stored).toMatchObject({ fileName: '照片.jpg', mimeType: 'image/png', size: PNG.length });
      expect(stored.filePath).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
      expect(existsSync(path.join(uploadDir(), stored.filePath))).toBe(true);
      expect(stored.url).toContain(stored.filePath);
      expect((await m.prisma.db.storedFile.findUniqueOrThrow({ where: { id: stored.id } })).uploaderId).toBe(sales.userId);
    });

    it('refuses content of none of the use’s types, whatever its name, and keeps nothing of it', async () => {
      const before = { rows: await m.prisma.db.storedFile.count(), files: onDisk().length };
      await expect(upload(Buffer.from('just some text, not a picture'), 'photo.png')).rejects.toMatchObject({ status: 400, key: 'fileContentNotAllowed' });
      // a PDF is a document, not an image
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      await expect(upload(pdf, 'scan.pdf')).rejects.toMatchObject({ key: 'fileContentNotAllowed' });
      expect({ rows: await m.prisma.db.storedFile.count(), files: onDisk().length }).toEqual(before);
      expect(onDisk().some((name) => name.endsWith('.upload'))).toBe(false);
    });

    it('refuses an image that also reads as a web page', async () => {
      await expect(upload(Buffer.concat([PNG, Buffer.from('<script>alert(1)</script>')]), 'polyglot.png')).rejects.toMatchObject({
        key: 'fileContentHasMarkup',
      });
    });

    it('refuses a use it does not know', async () => {
      await expect(upload(PNG, 'a.png', 'everything')).rejects.toMatchObject({
        key: 'fileUseInvalid',
        params: { use: 'everything', uses: Object.keys(UPLOAD_USES).join(', ') },
      });
    });

    it('refuses an uploader past upload.userQuotaMb with 413, before storing anything', async () => {
      await m.prisma.db.storedFile.create({
        data: { fileName: 'big.pdf', filePath: 'quota/big.pdf', mimeType: 'application/pdf', size: 1024 * 1024, uploaderId: sales2.userId },
      });
      await m.setParameter('upload.userQuotaMb', 1);
      try {
        await expect(upload(PNG, 'a.png', undefined, sales2.userId)).rejects.toMatchObject({ status: 413, key: 'fileUserQuotaExceeded', params: { quota: 1 } });
        // another uploader's files are theirs
        await expect(upload(PNG, 'b.png')).resolves.toMatchObject({ mimeType: 'image/png' });
      } finally {
        await m.setParameter('upload.userQuotaMb', 2048);
      }
    });
  });

  describe('claiming for a record', () => {
    it('takes the writer’s own free files once: never another’s, never one attached elsewhere', async () => {
      const mine = await upload(PNG, 'mine.png');
      const theirs = await upload(PNG, 'theirs.png', undefined, sales2.userId);
      await expect(claim([mine.id, theirs.id])).rejects.toMatchObject({ fields: { imageIds: [t('fileNotAttachable', { ids: String(theirs.id) })] } });
      // all or nothing: the refusal left the writer's own file free
      expect((await m.prisma.db.storedFile.findUniqueOrThrow({ where: { id: mine.id } })).attachedAt).toBeNull();
      expect(await claim([mine.id, mine.id])).toEqual([mine.id]);
      expect((await m.prisma.db.storedFile.findUniqueOrThrow({ where: { id: mine.id } })).attachedAt).not.toBeNull();
      await expect(claim([mine.id])).rejects.toMatchObject({ fields: { imageIds: [t('fileNotAttachable', { ids: String(mine.id) })] } });
    });

    it('lets a record keep the files it has, whoever uploaded them', async () => {
      const theirs = await upload(PNG, 'kept.png', undefined, sales2.userId);
      await claim([theirs.id], sales2.userId);
      expect(await claim([theirs.id], sales.userId, { kept: [theirs.id] })).toEqual([theirs.id]);
    });

    it('takes only files of the record’s use and size', async () => {
      const pdf = await m.prisma.db.storedFile.create({
        data: { fileName: 'v.pdf', filePath: `claim/${Date.now()}.pdf`, mimeType: 'application/pdf', size: 100, uploaderId: sales.userId },
      });
      const huge = await m.prisma.db.storedFile.create({
        data: { fileName: 'h.png', filePath: `claim/${Date.now()}-h.png`, mimeType: 'image/png', size: 11 * 1024 * 1024, uploaderId: sales.userId },
      });
      await expect(claim([pdf.id])).rejects.toMatchObject({ fields: { imageIds: [expect.stringContaining(String(pdf.id))] } });
      await expect(claim([huge.id])).rejects.toMatchObject({ fields: { imageIds: [t('fileTooLargeHere', { ids: String(huge.id), mb: 10 })] } });
      // a voucher may be a PDF, of any size
      expect(await claim([pdf.id, huge.id], sales.userId, { use: 'document' })).toEqual([pdf.id, huge.id]);
    });
  });
});
