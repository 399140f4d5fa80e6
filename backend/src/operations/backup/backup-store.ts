import { existsSync } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Our archives' names: forwarder-backup-<YYYYMMDD-HHmmss, UTC>.tar, or .tar.enc when encrypted with
 * BACKUP_PASSPHRASE. Anything else in the folder is never touched.
 */
const ARCHIVE_NAME = /^forwarder-backup-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.tar(\.enc)?$/;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The job_run name the scheduled backup records its runs under (the health answer reads the latest). */
export const BACKUP_JOB = 'backup';

export function archiveName(at: Date, encrypted = false): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `forwarder-backup-${stamp}.tar${encrypted ? '.enc' : ''}`;
}

/** When an archive of ours was taken, from its name; undefined for a file that is not one of ours. */
export function takenAt(name: string): Date | undefined {
  const match = ARCHIVE_NAME.exec(name);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match;
  return new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
}

export interface StoredArchive {
  name: string;
  bytes: number;
  takenAt: Date;
  /** written with BACKUP_PASSPHRASE (.tar.enc): restored only with the same passphrase */
  encrypted: boolean;
}

/** Our archives in `dir`, newest first. */
export async function listArchives(dir: string): Promise<StoredArchive[]> {
  if (!existsSync(dir)) return [];
  const archives: StoredArchive[] = [];
  for (const name of await readdir(dir)) {
    const at = takenAt(name);
    if (at) archives.push({ name, bytes: (await stat(path.join(dir, name))).size, takenAt: at, encrypted: name.endsWith('.enc') });
  }
  return archives.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** Deletes our archives taken more than `retentionDays` before `now`; answers their names. */
export async function pruneArchives(dir: string, retentionDays: number, now = new Date()): Promise<string[]> {
  const cutoff = now.getTime() - retentionDays * DAY_MS;
  const expired = (await listArchives(dir)).filter((archive) => archive.takenAt.getTime() < cutoff);
  for (const archive of expired) await unlink(path.join(dir, archive.name));
  return expired.map((archive) => archive.name);
}
