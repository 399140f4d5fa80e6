import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** One uploaded file as the manifest records it: its path under the upload folder, size and sha256. */
export interface FileEntry {
  path: string;
  bytes: number;
  sha256: string;
}

/** sha256 of a file, streamed (uploads and dumps may be large). */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** The regular files under `root`, as POSIX paths relative to it, sorted; none when it does not exist. */
export async function filesUnder(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Each file under `root` with its size and hash. */
export async function describeFiles(root: string): Promise<FileEntry[]> {
  const described: FileEntry[] = [];
  for (const relative of await filesUnder(root)) {
    const file = path.join(root, relative);
    described.push({ path: relative, bytes: (await stat(file)).size, sha256: await sha256Of(file) });
  }
  return described;
}

/** Whether a folder holds anything (a missing one holds nothing). */
export function hasEntries(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/** Empties a folder, keeping the folder itself (it may be a mounted volume). */
export async function emptyFolder(dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  for (const name of await readdir(dir)) await rm(path.join(dir, name), { recursive: true, force: true });
}
