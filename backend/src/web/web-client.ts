import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Where the customer portal is served: the web client's folder `m/` (frontend/vite.portal.config.ts). */
export const PORTAL_PATH = '/m';

/** The web client's files without a content hash in their names (the service worker's `sw.js` among them). */
const REVALIDATED_WEB_FILES = new Set(['sw.js', 'index.html', 'manifest.webmanifest', 'browser-check.js']);

/** Copies `vite build` leaves beside a file (frontend/scripts/precompress.mjs), in the order they are preferred. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

/**
 * How long a browser keeps a file of the web client: the hashed assets (`/assets/*-<hash>.js`) never change
 * under their name, so a year without asking again; the files naming the current version (the page, the
 * offline app mode's worker) are asked for afresh each time, so a new version is found on the next visit;
 * the rest (the icon) an hour.
 */
export function webCacheControl(relative: string): string {
  if (REVALIDATED_WEB_FILES.has(path.posix.basename(relative))) return 'no-cache';
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** Each file's path under the folder (posix, no leading slash) → the encodings of its precompressed copies. */
function precompressed(dir: string): Map<string, Encoding[]> {
  const found = new Map<string, Encoding[]>();
  const walk = (folder: string, prefix: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        walk(path.join(folder, entry.name), `${prefix}${entry.name}/`);
        continue;
      }
      const encoding = ENCODINGS.find(({ suffix }) => entry.name.endsWith(suffix));
      if (!encoding) continue;
      const original = `${prefix}${entry.name.slice(0, -encoding.suffix.length)}`;
      found.set(original, [...(found.get(original) ?? []), encoding.name]);
    }
  };
  walk(dir, '');
  for (const [file, encodings] of found)
    found.set(
      file,
      ENCODINGS.map(({ name }) => name).filter((name) => encodings.includes(name)),
    );
  return found;
}

/**
 * Serves the built web client from `webDir`: `files` answers a request for one of its files, `page` answers
 * index.html (the client routes of history mode). A file with precompressed copies is sent as the copy the
 * browser accepts (brotli before gzip) with its Content-Encoding and `Vary: Accept-Encoding`, and as itself
 * to a client that accepts neither; the folder is read once, at start (a deploy replaces it and restarts).
 */
export function webClient(webDir: string): { files: RequestHandler; page: RequestHandler } {
  const copies = precompressed(webDir);
  const plain = express.static(webDir, {
    index: false,
    cacheControl: false,
    setHeaders: (res, file) => res.setHeader('Cache-Control', webCacheControl(path.relative(webDir, file).split(path.sep).join('/'))),
  });

  /**
   * Sends the copy of `relative` the request accepts; false when there is none (no copy, or not accepted).
   * A copy gone since the start (the folder rebuilt under a running server) hands over to `otherwise`.
   */
  const sendCopy = (relative: string, req: Request, res: Response, next: NextFunction, otherwise: () => void): boolean => {
    const encodings = copies.get(relative);
    if (!encodings) return false;
    res.vary('Accept-Encoding');
    // ours the order of preference (the browser's header lists gzip first but takes either)
    const accepted = ENCODINGS.find(({ name }) => encodings.includes(name) && req.acceptsEncodings(name) === name);
    if (!accepted) return false;
    res.type(path.posix.extname(relative));
    res.setHeader('Content-Encoding', accepted.name);
    res.setHeader('Cache-Control', webCacheControl(relative));
    res.sendFile(`${relative}${accepted.suffix}`, { root: webDir, cacheControl: false, dotfiles: 'deny' }, (error?: NodeJS.ErrnoException) => {
      if (!error) return;
      if (error.code !== 'ENOENT' || res.headersSent) return next(error);
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      otherwise();
    });
    return true;
  };

  const files: RequestHandler = (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') {
      let relative: string;
      try {
        relative = decodeURIComponent(req.path).replace(/^\/+/, '');
      } catch {
        return next();
      }
      if (sendCopy(relative, req, res, next, () => plain(req, res, next))) return;
    }
    plain(req, res, next);
  };

  const page: RequestHandler = (req, res, next) => {
    const plainPage = () => {
      res.setHeader('Cache-Control', webCacheControl('index.html'));
      res.sendFile('index.html', { root: webDir, cacheControl: false }, (error) => {
        if (error) next(error);
      });
    };
    if (!sendCopy('index.html', req, res, next, plainPage)) plainPage();
  };
  return { files, page };
}
