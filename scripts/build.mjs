#!/usr/bin/env node
// `npm run build`: the three workspaces in order (domain, backend with its API contract, web client).
// With --if-stale (what `npm start` runs first) a workspace is built only when its inputs changed since its
// last build (scripts/lib/build-stamp.mjs). With --server only what the server runs on is built (domain and
// backend: the tests that start the product as `npm start` does, backend/test/supervisor.spec.ts); with --web
// only the web client. With --check-contract the backend's build checks openapi/openapi.json against the code
// instead of writing it (`npm test` builds that way once, and its later tiers find the build current).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildAndStamp, isCurrent } from './lib/build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');

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
      'frontend/scripts',
      'openapi/openapi.json',
      'packages/domain/src',
    ],
    output: 'frontend/dist',
  },
].map((workspace) => ({ ...workspace, inputs: [...workspace.inputs, 'package-lock.json'] }));

const ifStale = process.argv.includes('--if-stale');
const serverOnly = process.argv.includes('--server');
const webOnly = process.argv.includes('--web');
const checkContract = process.argv.includes('--check-contract');
for (const { name, inputs, output } of WORKSPACES) {
  if (serverOnly && name === 'frontend') continue;
  if (webOnly && name !== 'frontend') continue;
  if (ifStale && isCurrent(root, inputs, output)) {
    console.log(`${name}: up to date`);
    continue;
  }
  // The production image holds the built output without the sources (Dockerfile): nothing to build from.
  if (ifStale && !existsSync(path.join(root, inputs[0])) && existsSync(path.join(root, output))) {
    console.log(`${name}: built output only (no sources here)`);
    continue;
  }
  await buildAndStamp(root, inputs, output, () => {
    const script = checkContract && name === 'backend' ? 'contract:check' : 'build';
    const run = spawnSync('npm', ['run', script, '-w', name], { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) process.exit(run.status ?? 1);
  });
}
