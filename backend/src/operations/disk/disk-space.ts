import { existsSync } from 'node:fs';
import { lstat, readdir, statfs } from 'node:fs/promises';
import path from 'node:path';

export const MB = 1024 * 1024;

/** Bytes an unprivileged process may still write on the file system holding `dir` (what `df` shows as available). */
export async function freeBytes(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}

/** Bytes of the regular files under `root` (0 when it does not exist); links are not followed. */
export async function folderBytes(root: string): Promise<number> {
  if (!existsSync(root)) return 0;
  let total = 0;
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += (await lstat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}
