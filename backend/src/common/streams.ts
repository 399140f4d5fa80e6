import type { Request, Response } from 'express';
import multer from 'multer';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { FieldErrors } from './app-error.js';
import { t, type MessageKey } from './messages.js';

/** Resolves once the client has taken what was written so far; rejects when the client went away. */
export function drained(stream: Writable): Promise<void> {
  if (stream.destroyed) return Promise.reject(new Error('the download was abandoned'));
  if (!stream.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('drain', done).off('close', done);
      if (error || stream.destroyed) reject(error ?? new Error('the download was abandoned'));
      else resolve();
    };
    stream.on('drain', done).on('close', done);
  });
}

/** An uploaded file kept in memory, with its name as the browser sent it (UTF-8, e.g. Chinese). */
export interface UploadedFile {
  fileName: string;
  buffer: Buffer;
}

/**
 * One uploaded file (multipart field `file`) of the given extension (e.g. '.btw'), kept in memory: the size
 * limit is the upload limit. Wrong type, missing file and too large are 400s on `file`; `wrongType` is the
 * message for the extension.
 */
export async function receiveOneFile(req: Request, res: Response, options: { extension: string; maxMb: number; wrongType: string }): Promise<UploadedFile> {
  const { extension, maxMb, wrongType } = options;
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxMb * 1024 * 1024, files: 1 },
    fileFilter: (_req, file, done) => (path.extname(file.originalname).toLowerCase() === extension ? done(null, true) : done(new FieldErrors({ file: [wrongType] }))),
  }).single('file');
  await new Promise<void>((resolve, reject) =>
    upload(req, res, (error: unknown) => {
      if (!error) return resolve();
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') return reject(new FieldErrors({ file: [t('fileTooLarge', { mb: maxMb })] }));
      if (error instanceof multer.MulterError) return reject(new FieldErrors({ file: [t('fileRequired')] }));
      reject(error);
    }),
  );
  if (!req.file) throw new FieldErrors({ file: [t('fileRequired')] });
  // multer decodes the multipart file name as latin1; browsers send UTF-8 (Chinese names).
  return { fileName: Buffer.from(req.file.originalname, 'latin1').toString('utf8'), buffer: req.file.buffer };
}

/** An uploaded workbook (`.xlsx`, see receiveOneFile); `notXlsx` names the message to show for another type. */
export async function receiveXlsx(req: Request, res: Response, maxMb: number, notXlsx: MessageKey): Promise<Buffer> {
  return (await receiveOneFile(req, res, { extension: '.xlsx', maxMb, wrongType: t(notXlsx) })).buffer;
}
