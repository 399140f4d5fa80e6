// What a controller hands a service and gets back, for the medium tier's specs of services that read an
// upload form or write headers themselves (FilesService.receive, LabelsService), or answer a download: no
// HTTP server in between.
import type { StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Readable } from 'node:stream';

/** The request of an upload form sending `content` as the file `fileName` in the field `file`; `query` as the URL's. */
export function uploadRequest(content: Buffer, fileName: string, query: Record<string, string> = {}): Request {
  const boundary = 'medium-upload-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return Object.assign(Readable.from([body]), {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) },
    query,
  }) as unknown as Request;
}

/** The response a service writes headers on: only what it set is kept. */
export function headerResponse(): Response & { headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  return Object.assign({} as Response, {
    headers,
    setHeader(name: string, value: string) {
      headers[name] = value;
    },
  }) as Response & { headers: Record<string, string> };
}

/** The bytes a download answers, read to its end. */
export async function downloaded(file: StreamableFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.getStream()) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
