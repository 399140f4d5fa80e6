import { StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { PassThrough } from 'node:stream';

/**
 * A Content-Disposition header for a download with any (e.g. Chinese) file name: an ASCII fallback for
 * old clients and the exact name in RFC 5987 form.
 */
export function attachment(fileName: string): string {
  return disposition('attachment', fileName);
}

/**
 * Bidirectional controls (embeddings, overrides, isolates, marks: U+202A–U+202E, U+2066–U+2069, U+200E,
 * U+200F, U+061C): in a file name they make `invoice\u202Efdp.exe` read as `invoiceexe.pdf`. Dropped from
 * every file name stored or sent.
 */
export const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The same for a file shown in the browser's window (`inline`) or saved (`attachment`); names stored before bidi controls were dropped lose them here. */
export function disposition(type: 'inline' | 'attachment', name: string): string {
  const fileName = name.replace(BIDI_CONTROLS, '');
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A download written while it is sent: `write` fills the stream (a workbook writer, say) and its failure
 * ends the download. Read whatever can fail before calling this, so that failure is still an error answer.
 * The controller answers it through `stopOnClose`, so a client that goes away stops the writing.
 */
export function streamedDownload(fileName: string, type: string, write: (out: PassThrough) => Promise<void>): StreamableFile {
  const out = new PassThrough();
  write(out).catch((error: Error) => out.destroy(error));
  return new StreamableFile(out, { type, disposition: attachment(fileName) });
}

/** A streamed download whose writing stops when the client goes away, instead of waiting to write. */
export function stopOnClose(res: Response, file: StreamableFile): StreamableFile {
  res.once('close', () => file.getStream().destroy());
  return file;
}
