#!/usr/bin/env node
// Runs the Prisma CLI fully offline: the native schema engine Prisma would download is replaced by
// scripts/prisma-schema-engine.mjs, which serves the engine protocol from @prisma/schema-engine-wasm.
// Usage: node scripts/prisma.mjs <prisma arguments>   (e.g. generate, migrate deploy, migrate dev --name x)
import { spawnSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const engine = path.join(root, 'scripts', 'prisma-schema-engine.mjs');
chmodSync(engine, 0o755);

export function prismaEnv(extra = {}) {
  return {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: engine,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
    PRISMA_ENGINES_CHECKSUM_IGNORE_MISSING: '1',
    ...extra,
  };
}

function spawnPrisma(args, extraEnv) {
  const cli = createRequire(import.meta.url).resolve('prisma/build/index.js', { paths: [root] });
  return spawnSync(process.execPath, [cli, ...args], { cwd: root, stdio: 'inherit', env: prismaEnv(extraEnv) });
}

export function runPrisma(args, extraEnv = {}) {
  const result = spawnPrisma(args, extraEnv);
  if (result.status !== 0) throw new Error(`prisma ${args.join(' ')} failed with exit code ${result.status}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // Keep the CLI's own exit code (migrate diff --exit-code answers 2 for "different").
  process.exit(spawnPrisma(process.argv.slice(2), {}).status ?? 1);
}
