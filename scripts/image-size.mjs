#!/usr/bin/env node
// `npm run image:size`: what the Dockerfile's image holds, measured from its layers without a Docker engine.
// Runs the `deps` stage's `npm ci` (the production dependencies) into an empty folder with the project's
// manifests, then adds up what the image's COPY lines take from the build (after `npm run build`).
// The base image and the Debian packages are not measured here: Docker reports those.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, lstatSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const stages = dockerfile.split(/^FROM /m).slice(1);
const deps = stages.find((stage) => /^\S+ AS deps\b/.test(stage));
const image = stages.at(-1);
if (!deps || !image) throw new Error('Dockerfile: no "deps" stage or no final stage');

/** Bytes under `target` (files as stored; symbolic links not followed). */
function sizeOf(target) {
  const stat = lstatSync(target);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0);
}

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// the deps stage: its COPY lines bring the manifests, its RUN line installs
const work = mkdtempSync(path.join(tmpdir(), 'image-size-'));
try {
  for (const [, source] of deps.matchAll(/^COPY (?!--from)(.+) \S+$/gm)) {
    for (const file of source.split(/\s+/)) cpSync(path.join(root, file), path.join(work, file), { recursive: true });
  }
  const install = deps.match(/^RUN (npm ci [^\\&\n]+)/m)[1].trim();
  console.log(`deps stage: ${install}`);
  const run = spawnSync('sh', ['-c', install], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) process.exit(run.status ?? 1);

  const rows = [['production node_modules', sizeOf(path.join(work, 'node_modules'))]];
  for (const [, from, source] of image.matchAll(/^COPY (--from=\S+ )?(.+) \S+$/gm)) {
    if (from?.includes('deps')) continue;
    const files = from ? [source.replace(/^\/app\//, '')] : source.split(/\s+/);
    for (const file of files) {
      const full = path.join(root, file);
      if (!existsSync(full)) throw new Error(`${file} is missing: run npm run build first`);
      rows.push([file, sizeOf(full)]);
    }
  }
  const width = Math.max(...rows.map(([name]) => name.length));
  for (const [name, bytes] of rows) console.log(`${name.padEnd(width)}  ${megabytes(bytes).padStart(9)}`);
  console.log(`${'total (without the base image and apt packages)'.padEnd(width)}  ${megabytes(rows.reduce((sum, [, bytes]) => sum + bytes, 0))}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
