// Whether a build's output is current: the output folder keeps a stamp with the digest of the inputs it
// was built from, and the time its build started. Modification times are the fast path (no input newer
// than the stamp: current); a newer file is confirmed by content, because `npm install` rewrites generated
// files (the Prisma client, the domain's output, the API types) with the same content.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const STAMP = '.build-stamp.json';
const IGNORED = new Set(['node_modules', 'dist', STAMP]);

/**
 * Every file under the inputs (paths relative to `root`), in a stable order, and the modification times of
 * those files and of their folders (a folder's changes when an entry is added or removed).
 */
function filesOf(root, inputs) {
  const files = [];
  const mtimes = [];
  const walk = (relative) => {
    const absolute = path.join(root, relative);
    if (!existsSync(absolute)) return;
    const stat = statSync(absolute);
    mtimes.push(stat.mtimeMs);
    if (!stat.isDirectory()) return void files.push(relative);
    for (const entry of readdirSync(absolute).sort()) if (!IGNORED.has(entry)) walk(path.join(relative, entry));
  };
  inputs.forEach(walk);
  return { files, mtimes };
}

function digestOf(root, files) {
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

/** Whether `output` was built from exactly these inputs (when only times moved, the stamp's time catches up). */
export function isCurrent(root, inputs, output) {
  const stampFile = path.join(root, output, STAMP);
  if (!existsSync(stampFile)) return false;
  const { files, mtimes } = filesOf(root, inputs);
  const builtAt = statSync(stampFile).mtimeMs;
  if (mtimes.every((mtime) => mtime <= builtAt)) return true;
  const { digest } = JSON.parse(readFileSync(stampFile, 'utf8'));
  if (digest !== digestOf(root, files)) return false;
  const now = new Date();
  utimesSync(stampFile, now, now);
  return true;
}

/**
 * Runs `build` and stamps `output` with the digest of the inputs as they were when it started (and that
 * time: a file saved while it ran is newer than the stamp, so the next check looks at it).
 */
export async function buildAndStamp(root, inputs, output, build) {
  const startedAt = new Date();
  const digest = digestOf(root, filesOf(root, inputs).files);
  await build();
  const stampFile = path.join(root, output, STAMP);
  writeFileSync(stampFile, `${JSON.stringify({ digest, builtAt: startedAt.toISOString() })}\n`);
  utimesSync(stampFile, startedAt, startedAt);
}
