import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import path from 'node:path';
import { disposition } from '../common/download.js';
import { t, type MessageKey } from '../common/messages.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { FileLinks } from './file-links.js';
import { INLINE_TYPES, nameForType } from './upload-policy.js';

/**
 * Headers of every answer under FILE_BASE_URL: whatever a file holds, the browser neither guesses its
 * type nor runs anything in its page (no script, no plugin, no request, an opaque origin), and the
 * signed link never leaves in a Referer.
 */
export const INERT_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;

/**
 * Serves stored files under FILE_BASE_URL (mounted by app.factory): only through a valid signed link
 * (FileLinks), only files recorded in stored_file, images and PDF inline with their stored (detected)
 * type, everything else as a download under its original name. No listing; the path is looked up in
 * the table, never walked on disk.
 */
@Injectable()
export class FileServer {
  constructor(
    private readonly prisma: PrismaService,
    private readonly links: FileLinks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  handler(): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      this.serve(req, res).catch(next);
    };
  }

  private async serve(req: Request, res: Response): Promise<void> {
    res.set(INERT_HEADERS);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.set('Allow', 'GET, HEAD');
      return refuse(res, HttpStatus.METHOD_NOT_ALLOWED, 'notFound');
    }
    const filePath = storedPath(req.path);
    if (!filePath) return refuse(res, HttpStatus.FORBIDDEN, 'fileLinkInvalid');
    const grant = this.links.valid(filePath, req.query.expires, req.query.signature, req.query.session);
    if (!grant || (grant.session && !(await this.sessionLive(grant.session)))) return refuse(res, HttpStatus.FORBIDDEN, 'fileLinkInvalid');
    const row = await this.prisma.db.storedFile.findUnique({ where: { filePath }, select: { fileName: true, mimeType: true } });
    const root = path.resolve(this.config.uploadDir);
    const file = path.resolve(root, filePath);
    // The table holds what the upload wrote; still, never let a row point outside the upload folder.
    if (!row || !file.startsWith(root + path.sep)) return refuse(res, HttpStatus.NOT_FOUND, 'notFound');
    const inline = INLINE_TYPES.has(row.mimeType);
    // Written as stored (res.set would expand a bare word into a type); rows from before the content
    // check may hold what a client declared.
    res.setHeader('Content-Type', /^[\w.+-]+\/[\w.+-]+$/.test(row.mimeType) ? row.mimeType : 'application/octet-stream');
    res.setHeader('Content-Disposition', disposition(inline ? 'inline' : 'attachment', nameForType(row.fileName, row.mimeType)));
    res.setHeader('Cache-Control', 'private, max-age=300');
    await new Promise<void>((resolve, reject) =>
      res.sendFile(file, { dotfiles: 'allow', index: false }, (error?: NodeJS.ErrnoException & { status?: number }) => {
        if (!error) return resolve();
        if (res.headersSent) return resolve();
        if (error.code === 'ENOENT' || error.status === 404) return resolve(refuse(res, HttpStatus.NOT_FOUND, 'logFileMissing'));
        reject(error);
      }),
    );
  }

  /** Whether the session a link was handed out in is still live, its user still allowed in. */
  private async sessionLive(session: string): Promise<boolean> {
    const live = await this.prisma.db.authSession.count({ where: { id: session, endedAt: null, user: { enabled: true, deletedAt: null } } });
    return live > 0;
  }
}

/** The stored path a request names ('2026/11/<uuid>.png'), or null when it cannot be one. */
function storedPath(requestPath: string): string | null {
  try {
    const segments = requestPath.replace(/^\/+/, '').split('/').map(decodeURIComponent);
    return segments.every((segment) => segment && segment !== '.' && segment !== '..' && !/[\\\0]/.test(segment)) ? segments.join('/') : null;
  } catch {
    return null;
  }
}

function refuse(res: Response, status: HttpStatus, key: MessageKey): void {
  res.removeHeader('Content-Disposition');
  res.status(status).type('text/plain; charset=utf-8').send(t(key));
}
