import { HttpStatus } from '@nestjs/common';
import type { Request, Response } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import multer from 'multer';
import path from 'node:path';
import { AppError, FieldErrors } from '../common/app-error.js';
import { t, type MessageKey } from '../common/messages.js';
import { receivedContentFault, storedFileName, type ReceivedUse, RECEIVED_USES } from './upload-policy.js';

/**
 * What an upload form may carry beside its one file (field `file`): a few short, shallow text fields.
 * The clients send none and no handler reads them, but multer parses every one into `req.body` (which
 * the request log keeps), so they are bounded as tightly as a JSON body is.
 */
export const UPLOAD_FORM_LIMITS = {
  fields: 10,
  /** bytes of a field's value */
  fieldSize: 1024,
  /** bytes of a field's name */
  fieldNameSize: 100,
  /** `a[b][c]` nests twice */
  fieldNestingDepth: 2,
  /** `a[100]` makes an array of 101 items */
  fieldArrayIndexLimit: 100,
} as const;

/** How a refused upload is told: a plain message or a field error on `file`, as the route's answers go. */
export type UploadRefusal = (key: MessageKey, params?: Record<string, string | number>) => Error;

export interface UploadFormOptions {
  storage: multer.StorageEngine;
  maxMb: number;
  refuse: UploadRefusal;
  /** a check of the file's part before its bytes are read (its name, say): throw the refusal */
  fileFilter?: (file: Express.Multer.File) => void;
}

/**
 * Reads a multipart upload form: its one file (field `file`) into `storage`, with the file's name as the
 * browser sent it (UTF-8, e.g. Chinese, or an RFC 5987 `filename*`) made storable (upload-policy). Every
 * fault of the sender is a 4xx: a file too large or missing (`refuse`), too many or too long or too
 * deeply nested text fields (413/400), a body that is no readable form (`fileUploadMalformed`).
 */
export async function readUploadForm(req: Request, res: Response, options: UploadFormOptions): Promise<{ file: Express.Multer.File; fileName: string }> {
  const { storage, maxMb, refuse, fileFilter } = options;
  const upload = multer({
    // browsers send file names as raw UTF-8; busboy would read them as latin1
    defParamCharset: 'utf8',
    storage,
    limits: { ...UPLOAD_FORM_LIMITS, fileSize: maxMb * 1024 * 1024, files: 1, parts: UPLOAD_FORM_LIMITS.fields + 1 },
    fileFilter: fileFilter
      ? (_req, file, done) => {
          try {
            fileFilter(file);
            done(null, true);
          } catch (error) {
            done(error as Error);
          }
        }
      : undefined,
  }).single('file');
  await new Promise<void>((resolve, reject) => upload(req, res, (error: unknown) => (error ? reject(refusalOf(error, maxMb, refuse)) : resolve())));
  if (!req.file) throw refuse('fileRequired');
  return { file: req.file, fileName: storedFileName(req.file.originalname) };
}

/** multer's and busboy's refusals as answers with a message the user can act on. */
function refusalOf(error: unknown, maxMb: number, refuse: UploadRefusal): unknown {
  if (error instanceof AppError || error instanceof FieldErrors) return error;
  if (error instanceof multer.MulterError) {
    // multer 2.5's own codes are newer than its type declarations
    switch (error.code as string) {
      case 'LIMIT_FILE_SIZE':
        return refuse('fileTooLarge', { mb: maxMb });
      case 'LIMIT_FILE_COUNT':
      case 'LIMIT_UNEXPECTED_FILE':
        return refuse('fileRequired');
      case 'LIMIT_FIELD_COUNT':
      case 'LIMIT_PART_COUNT':
        return new AppError(HttpStatus.PAYLOAD_TOO_LARGE, 'bodyTooManyFields', { max: UPLOAD_FORM_LIMITS.fields });
      case 'LIMIT_FIELD_KEY':
      case 'LIMIT_FIELD_VALUE':
        return new AppError(HttpStatus.PAYLOAD_TOO_LARGE, 'fileFormFieldTooLong', {
          name: UPLOAD_FORM_LIMITS.fieldNameSize,
          value: UPLOAD_FORM_LIMITS.fieldSize,
        });
      case 'LIMIT_FIELD_NESTING':
        return AppError.badRequest('bodyTooDeep', { depth: UPLOAD_FORM_LIMITS.fieldNestingDepth });
    }
    return refuse('fileUploadMalformed');
  }
  // busboy's parse errors carry no code (a disk's do): a body that is no readable form is the sender's fault
  if (error instanceof Error && !('code' in error)) return refuse('fileUploadMalformed');
  return error;
}

/** An uploaded file kept in memory, with its name as stored (see readUploadForm). */
export interface UploadedFile {
  fileName: string;
  buffer: Buffer;
}

/**
 * One file (multipart field `file`) for a use the server reads or keeps itself (upload-policy
 * RECEIVED_USES), kept in memory: the size limit is the upload limit. A name without the use's
 * extension or content that is not what the use takes is a 400 on `file` saying `wrongType`; so are
 * a missing file, one too large and an unreadable form.
 */
export async function receiveOneFile(req: Request, res: Response, options: { use: ReceivedUse; maxMb: number; wrongType: MessageKey }): Promise<UploadedFile> {
  const { use, maxMb, wrongType } = options;
  const refuse: UploadRefusal = (key, params) => new FieldErrors({ file: [t(key, params)] });
  const { extension } = RECEIVED_USES[use];
  const { file, fileName } = await readUploadForm(req, res, {
    storage: multer.memoryStorage(),
    maxMb,
    refuse,
    fileFilter: (part) => {
      if (path.extname(part.originalname).toLowerCase() !== extension) throw refuse(wrongType);
    },
  });
  // content file-type cannot parse is of none of the known types
  const detected = await fileTypeFromBuffer(file.buffer).catch(() => undefined);
  const fault = receivedContentFault(use, file.buffer, detected, fileName);
  if (fault) throw refuse(fault === 'markup' ? 'fileContentHasMarkup' : wrongType);
  return { fileName, buffer: file.buffer };
}

/** An uploaded workbook (XLSX by name and content, see receiveOneFile); `notXlsx` names the message for another file. */
export async function receiveXlsx(req: Request, res: Response, maxMb: number, notXlsx: MessageKey): Promise<Buffer> {
  return (await receiveOneFile(req, res, { use: 'workbook', maxMb, wrongType: notXlsx })).buffer;
}
