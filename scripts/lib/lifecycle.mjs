// Steps shared by `npm start` and the db:* scripts: migrate with the Prisma CLI (offline engine), seed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runPrisma } from '../prisma.mjs';
import { repoRoot } from './database.mjs';

export function migrate(url) {
  runPrisma(['migrate', 'deploy'], { DATABASE_URL: url });
}

export async function backendModule(relative) {
  const file = path.join(repoRoot, 'backend', 'dist', relative);
  if (!existsSync(file)) throw new Error(`${file} is missing: build the backend first (npm run build -w backend)`);
  return import(pathToFileURL(file).href);
}

export async function seed(url, options) {
  const { runSeed } = await backendModule('seed/index.js');
  return runSeed(url, options);
}
