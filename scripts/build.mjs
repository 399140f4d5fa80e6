#!/usr/bin/env node
// `npm run build`: the three workspaces in order (domain, backend with its API contract, web client).
// With --if-stale (what `npm start` runs first) a workspace is built only when its inputs have changed
// since its last build: its output folder holds a stamp with the digest of the inputs it was built from.
// Modification times are the fast path (nothing newer than the stamp: nothing to do); a file that is
// newer is confirmed by content, because `npm install` rewrites generated files (the Prisma client, the
// domain's output, the API types) with the same content.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** What each workspace is built from and into, in build order (a later one reads what an earlier one writes). */
const WORKSPACES = [
  {
    name: '@forwarder/domain',
    inputs: ['packages/domain/src', 'packages/domain/package.json', 'packages/domain/tsconfig.build.json'],
    output: 'packages/domain/dist',
  },
  {
    name: 'backend',
    inputs: ['backend/src', 'backend/package.json', 'backend/tsconfig.json', 'backend/tsconfig.build.json', 'packages/domain/src'],
    output: 'backend/dist',
  },
  {
    name: 'frontend',
    inputs: [
      'frontend/src',
      'frontend/public',
      'frontend/index.html',
      'frontend/package.json',
      'frontend/tsconfig.json',
      'frontend/vite.config.ts',
      'openapi/openapi.json',
      'packages/domain/src',
    ],
    output: 'frontend/dist',
  },
].map((workspace) => ({ ...workspace, inputs: [...workspace.inputs, 'package-lock.json'] }));

const STAMP = '.build-stamp.json';
const ignored = new Set(['node_modules', 'dist', STAMP]);

/** Every file under the inputs, sorted, with its size and modification time. */
function filesOf(inputs) {
  const files = [];
  const walk = (relative) => {
    const absolute = path.join(repoRoot, relative);
    if (!existsSync(absolute)) return;
    const stat = statSync(absolute);
    if (!stat.isDirectory()) return void files.push({ relative, mtimeMs: stat.mtimeMs });
    for (const entry of readdirSync(absolute).sort()) if (!ignored.has(entry)) walk(path.join(relative, entry));
  };
  inputs.forEach(walk);
  return files;
}

function digestOf(files) {
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${file.relative}\0`)
      .update(readFileSync(path.join(repoRoot, file.relative)))
      .update('\0');
  return hash.digest('hex');
}

/** Whether the workspace's output was built from exactly these inputs (refreshing the stamp's time when only times moved). */
function upToDate(workspace, files) {
  const stampFile = path.join(repoRoot, workspace.output, STAMP);
  if (!existsSync(stampFile)) return false;
  const builtAt = statSync(stampFile).mtimeMs;
  if (files.every((file) => file.mtimeMs <= builtAt)) return true;
  const { digest } = JSON.parse(readFileSync(stampFile, 'utf8'));
  if (digest !== digestOf(files)) return false;
  const now = new Date();
  utimesSync(stampFile, now, now);
  return true;
}

const ifStale = process.argv.includes('--if-stale');
for (const workspace of WORKSPACES) {
  const files = filesOf(workspace.inputs);
  if (ifStale && upToDate(workspace, files)) {
    console.log(`${workspace.name}: up to date`);
    continue;
  }
  const startedAt = new Date();
  const digest = digestOf(files);
  const run = spawnSync('npm', ['run', 'build', '-w', workspace.name], { cwd: repoRoot, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  const stampFile = path.join(repoRoot, workspace.output, STAMP);
  writeFileSync(stampFile, `${JSON.stringify({ digest, builtAt: startedAt.toISOString() })}\n`);
  // the stamp is as old as the build's start: a file saved while it ran is newer and triggers the next build
  utimesSync(stampFile, startedAt, startedAt);
}
