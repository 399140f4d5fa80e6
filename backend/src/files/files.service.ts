import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { isId } from '../common/fields.js';
import type { Request, Response } from 'express';
import { fileTypeFromFile } from 'file-type';
import multer from 'multer';
import { randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { AppError, FieldErrors } from '../common/app-error.js';
import { t, type MessageKey } from '../common/messages.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { PrismaService, type Tx } from '../prisma/prisma.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { FileLinks } from './file-links.js';
import { readUploadForm } from './upload-form.js';
import {
  DEFAULT_UPLOAD_USE,
  INLINE_TYPES,
  isUploadUse,
  POLYGLOT_MARKUP,
  POLYGLOT_MARKUP_SPAN,
  storedType,
  typeLabels,
  UPLOAD_USES,
  uploadLimits,
  type UploadUse,
} from './upload-policy.js';

const MB = 1024 * 1024;

export interface StoredFileView {
  id: number;
  fileName: string;
  filePath: string;
  /** a signed link that opens the file for a while (FileLinks) */
  url: string;
  size: number;
  mimeType: string;
}

/** What a record asks of the files it is given (claim). */
export interface ClaimOptions {
  /** the writer: new files must be theirs */
  userId: number;
  /** what the record holds, which decides the types and size accepted */
  use: UploadUse;
  /** the request field the ids came in, for the 400 */
  field: string;
  /** the files the record has now: kept whoever uploaded them */
  kept?: readonly number[];
}

/**
 * Uploaded files: stored on disk under the upload folder by month, recorded in the database, their type
 * read from their content; attached to one record each (claim); served through signed links (FileServer).
 */
@Injectable()
export class FilesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly settings: SettingsService,
    private readonly links: FileLinks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * POST /file/update?use=…: one file (field `file`) for the given use (default: images). The content
   * decides: a file whose bytes are not one of the use's types (whatever its name or declared type says),
   * or that also reads as a web page, is removed again and refused with 400. A file that would take the
   * uploader or everyone past their quota is refused too (quotaUse), before its bytes are read when the
   * quota is already used up. A disk that fills meanwhile (ENOSPC) leaves nothing behind: the exception
   * filter answers it 507.
   */
  async receive(req: Request, res: Response, uploaderId: number): Promise<StoredFileView> {
    const use = req.query.use ?? DEFAULT_UPLOAD_USE;
    if (!isUploadUse(use)) throw AppError.badRequest('fileUseInvalid', { use: String(use), uses: Object.keys(UPLOAD_USES).join(', ') });
    const { types, maxMb } = uploadLimits(use, await this.settings.get('upload.allowedTypes'), await this.settings.get('upload.maxSizeMb'));
    // read once: a quota used up refuses before the body is stored (any file adds at least a byte)
    const quotas = await this.quotaUse(uploaderId);
    refuseOverQuota(quotas, 1);
    const month = new Date().toISOString().slice(0, 7).replace('-', '/');
    const folder = path.join(this.config.uploadDir, month);
    mkdirSync(folder, { recursive: true });
    // The name on disk waits for the content's type: no extension the sender chose ever reaches it.
    const { file, fileName } = await readUploadForm(req, res, {
      storage: multer.diskStorage({ destination: folder, filename: (_req, _file, done) => done(null, `${randomUUID()}.upload`) }),
      maxMb,
      refuse: (key, params) => AppError.badRequest(key, params),
    });
    let stored: { mime: string; ext: string };
    try {
      stored = await this.inspect(file.path, fileName, types);
      refuseOverQuota(quotas, file.size);
    } catch (error) {
      await rm(file.path, { force: true });
      throw error;
    }
    const diskName = `${path.basename(file.filename, '.upload')}.${stored.ext}`;
    await rename(file.path, path.join(folder, diskName));
    const row = await this.prisma.db.storedFile
      .create({ data: { fileName, filePath: `${month}/${diskName}`, mimeType: stored.mime, size: file.size, uploaderId } })
      .catch(async (error: unknown) => {
        await rm(path.join(folder, diskName), { force: true });
        throw error;
      });
    return this.view(row);
  }

  /**
   * The quotas set (system parameters upload.userQuotaMb: the uploader's own files, 413 past it;
   * upload.totalQuotaMb: everyone's, 507; 0 is no limit) and the bytes stored against each, read once per
   * upload: a sum over stored_file, ~0.3 s at a million files (docs/operations.md, Disk space).
   */
  private async quotaUse(uploaderId: number): Promise<QuotaUse[]> {
    const quotas = [
      { mb: await this.settings.get('upload.userQuotaMb'), where: { uploaderId }, status: HttpStatus.PAYLOAD_TOO_LARGE, key: 'fileUserQuotaExceeded' },
      { mb: await this.settings.get('upload.totalQuotaMb'), where: {}, status: HttpStatus.INSUFFICIENT_STORAGE, key: 'fileTotalQuotaExceeded' },
    ] as const;
    const set = quotas.filter((quota) => quota.mb > 0);
    return Promise.all(
      set.map(async ({ mb, where, status, key }) => ({
        mb,
        status,
        key,
        used: (await this.prisma.db.storedFile.aggregate({ where, _sum: { size: true } }))._sum.size ?? 0,
      })),
    );
  }

  view(row: { id: number; fileName: string; filePath: string; size: number; mimeType: string }): StoredFileView {
    return { id: row.id, fileName: row.fileName, filePath: row.filePath, url: this.links.url(row.filePath), size: row.size, mimeType: row.mimeType };
  }

  /** A signed link to a stored file (see view), for answers that carry only some of its fields. */
  url(filePath: string): string {
    return this.links.url(filePath);
  }

  /**
   * The file ids a record may store, claimed for it. A record keeps the files it has (`kept`); any other
   * file must be one the writer uploaded, attached to no record yet, of the use's types and size: so no
   * one can show (and so hand out links to) a file someone else uploaded, or move a file from a record
   * few may see to one many may see. Run it in the record's write transaction: a file claimed by two
   * writes at once goes to one of them, and a write that fails leaves its files free for the retry.
   * Otherwise 400 on `field`. Files a record drops stay attached: they are never handed to another.
   */
  async claim(tx: Tx, ids: readonly number[], { userId, use, field, kept = [] }: ClaimOptions): Promise<number[]> {
    const wanted = [...new Set(ids)];
    const fresh = wanted.filter((id) => !kept.includes(id));
    if (!fresh.length) return wanted;
    const refuse = (key: MessageKey, bad: number[], params: Record<string, string | number> = {}) => {
      if (bad.length) throw new FieldErrors({ [field]: [t(key, { ids: bad.join(', '), ...params })] });
    };
    // an id no row can have is refused like an unknown one, before it reaches the database
    refuse(
      'fileNotAttachable',
      fresh.filter((id) => !isId(id)),
    );
    const files = await tx.storedFile.findMany({
      where: { id: { in: fresh }, uploaderId: userId, attachedAt: null },
      select: { id: true, mimeType: true, size: true },
    });
    const free = new Map(files.map((file) => [file.id, file]));
    refuse(
      'fileNotAttachable',
      fresh.filter((id) => !free.has(id)),
    );
    const { types, maxMb } = UPLOAD_USES[use];
    refuse(
      'fileWrongTypeHere',
      fresh.filter((id) => !(types as readonly string[]).includes(free.get(id)!.mimeType)),
      { types: typeLabels(types) },
    );
    if (maxMb !== undefined)
      refuse(
        'fileTooLargeHere',
        fresh.filter((id) => free.get(id)!.size > maxMb * 1024 * 1024),
        { mb: maxMb },
      );
    // Only rows still free are taken: a write that claimed one of them meanwhile makes the count short.
    const { count } = await tx.storedFile.updateMany({ where: { id: { in: fresh }, attachedAt: null }, data: { attachedAt: new Date() } });
    if (count !== fresh.length) refuse('fileNotAttachable', fresh);
    return wanted;
  }

  /** The stored type of the uploaded content, or a 400: not of `types`, or a page hidden in an image or PDF. */
  private async inspect(filePath: string, fileName: string, types: readonly string[]): Promise<{ mime: string; ext: string }> {
    // content file-type cannot parse is content of none of our types
    const stored = storedType(await fileTypeFromFile(filePath).catch(() => undefined), fileName);
    if (!stored || !types.includes(stored.mime)) throw AppError.badRequest('fileContentNotAllowed', { types: typeLabels(types) });
    if (INLINE_TYPES.has(stored.mime) && (await containsMarkup(filePath))) throw AppError.badRequest('fileContentHasMarkup');
    return stored;
  }
}

interface QuotaUse {
  mb: number;
  used: number;
  status: HttpStatus;
  key: MessageKey;
}

/**
 * Refuses `adding` bytes more past any quota, naming it and its use. Two uploads at once may both pass: a
 * quota is overrun by at most one file each.
 */
function refuseOverQuota(quotas: readonly QuotaUse[], adding: number): void {
  for (const { mb, used, status, key } of quotas) {
    if (used + adding > mb * MB) throw new AppError(status, key, { used: (used / MB).toFixed(1), quota: mb });
  }
}

/** Whether the file holds POLYGLOT_MARKUP anywhere, read in chunks that overlap by the markup's length. */
async function containsMarkup(filePath: string): Promise<boolean> {
  let tail = '';
  for await (const chunk of createReadStream(filePath, { encoding: 'latin1' }) as AsyncIterable<string>) {
    const text = tail + chunk;
    if (POLYGLOT_MARKUP.test(text)) return true;
    tail = text.slice(-POLYGLOT_MARKUP_SPAN);
  }
  return false;
}
