import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { SettingsService } from '../settings/settings.service.js';

/** Extensions never stored whatever their declared type: they could run in a browser or on a desktop. */
const FORBIDDEN_EXTENSIONS = new Set(['.html', '.htm', '.js', '.mjs', '.svg', '.xhtml', '.exe', '.bat', '.cmd', '.sh', '.php', '.jsp']);

export interface StoredFileView {
  id: number;
  fileName: string;
  filePath: string;
  url: string;
  size: number;
  mimeType: string;
}

/** Uploaded files: stored on disk under the upload folder by month, recorded in the database. */
@Injectable()
export class FilesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async receive(req: Request, res: Response, uploaderId: number): Promise<StoredFileView> {
    const maxMb = await this.settings.get('upload.maxSizeMb');
    const allowed = new Set(await this.settings.get('upload.allowedTypes'));
    const month = new Date().toISOString().slice(0, 7).replace('-', '/');
    const folder = path.join(this.config.uploadDir, month);
    mkdirSync(folder, { recursive: true });
    const upload = multer({
      storage: multer.diskStorage({
        destination: folder,
        filename: (_req, file, done) => done(null, `${randomUUID()}${path.extname(file.originalname).toLowerCase()}`),
      }),
      limits: { fileSize: maxMb * 1024 * 1024, files: 1 },
      fileFilter: (_req, file, done) => {
        const extension = path.extname(file.originalname).toLowerCase();
        if (!allowed.has(file.mimetype) || FORBIDDEN_EXTENSIONS.has(extension)) {
          done(AppError.badRequest('fileTypeNotAllowed', { type: extension || file.mimetype }));
        } else done(null, true);
      },
    }).single('file');

    await new Promise<void>((resolve, reject) =>
      upload(req, res, (error: unknown) => {
        if (!error) return resolve();
        if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') return reject(AppError.badRequest('fileTooLarge', { mb: maxMb }));
        if (error instanceof multer.MulterError) return reject(AppError.badRequest('fileRequired'));
        reject(error);
      }),
    );
    const file = req.file;
    if (!file) throw AppError.badRequest('fileRequired');
    // multer decodes the multipart file name as latin1; browsers send UTF-8 (Chinese names).
    const fileName = Buffer.from(file.originalname, 'latin1').toString('utf8');
    const filePath = `${month}/${file.filename}`;
    const row = await this.prisma.db.storedFile.create({
      data: { fileName, filePath, mimeType: file.mimetype, size: file.size, uploaderId },
    });
    return this.view(row);
  }

  view(row: { id: number; fileName: string; filePath: string; size: number; mimeType: string }): StoredFileView {
    return { id: row.id, fileName: row.fileName, filePath: row.filePath, url: `${this.config.fileBaseUrl}/${row.filePath}`, size: row.size, mimeType: row.mimeType };
  }
}
