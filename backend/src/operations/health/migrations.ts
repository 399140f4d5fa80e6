import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** The migrations of a prisma/migrations folder: its subfolders holding a migration.sql (as Prisma Migrate reads it). */
export async function migrationNames(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory() && existsSync(path.join(folder, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort();
}

/** The expected migrations the database has not finished applying, in their order. */
export function pendingMigrations(expected: readonly string[], applied: readonly string[]): string[] {
  const done = new Set(applied);
  return expected.filter((name) => !done.has(name));
}
