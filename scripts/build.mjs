#!/usr/bin/env node
// `npm run build`: the three workspaces in order (domain, backend with its API contract, web client), each
// type-checked. With --if-stale a workspace is built only when its inputs changed since its last build
// (scripts/lib/build-stamp.mjs). With --to-run (what `npm start` runs, with --if-stale) a workspace is built
// for running alone: the backend compiled file by file with swc (seconds, where tsc takes a minute), the
// web client bundled by vite, both at once; the type-checks and the API contract are left to
// `npm run build` and the tests (`npm run lint`, `npm run test:contract`), and such an output counts as
// current for a later --if-stale. With --server only what the server runs on is built (domain and backend:
// the tests that start the product as `npm start` does, backend/test/supervisor.spec.ts); with --web only
// the web client; with --domain only the domain (npm install's postinstall, so that a first `npm start`
// finds it built). With --check-contract the backend's build checks openapi/openapi.json against the code
// instead of writing it (`npm test` builds that way once, and its later tiers find the build current).
// With --checked-by-lint the backend and the web client are built as to run (swc, vite), the contract written or
// checked all the same: for `npm test`, whose lint tier type-checks every workspace with `tsc -b` over the same
// tsconfig files, so its build tiers do not type-check them again (scripts/test.mjs).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
      'frontend/portal.html',
      'frontend/vite.portal.config.ts',
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
const domainOnly = process.argv.includes('--domain');
const webOnly = process.argv.includes('--web');
const checkContract = process.argv.includes('--check-contract');
const toRun = process.argv.includes('--to-run');
const checkedByLint = process.argv.includes('--checked-by-lint');
const log = (line) => console.log(`[build] ${line}`);
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Runs `command` in the root (or `cwd` in it), its output shown (or, `quiet`, only when it fails); rejects when it fails. */
function run(command, args, { quiet = false, cwd = '.' } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: path.join(root, cwd), stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      if (quiet) process.stderr.write(output);
      reject(new Error(`${command} ${args.join(' ')} failed (exit code ${code})`));
    });
  });
}

/**
 * The backend for running: every source file compiled alone by swc, as the test suites compile it (legacy
 * decorators with their metadata, ES modules), into backend/dist, with source maps.
 */
async function compileBackend() {
  const swc = createRequire(path.join(root, 'backend', 'package.json'))('@swc/core');
  const source = path.join(root, 'backend', 'src');
  const output = path.join(root, 'backend', 'dist');
  const files = readdirSync(source, { recursive: true }).filter((file) => /(?<!\.spec|\.d)\.ts$/.test(file));
  rmSync(output, { recursive: true, force: true });
  await Promise.all(
    files.map(async (file) => {
      const target = path.join(output, file.replace(/\.ts$/, '.js'));
      const { code, map } = await swc.transformFile(path.join(source, file), {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'es6' },
        sourceMaps: true,
        outputPath: target,
      });
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, `${code}\n//# sourceMappingURL=${path.basename(target)}.map\n`);
      writeFileSync(`${target}.map`, map);
    }),
  );
  return files.length;
}

/** How each workspace is built: for `npm run build` (type-checked, the contract written or checked), or to run (--to-run). */
const BUILDS = {
  '@forwarder/domain': () => run('npm', ['run', 'build', '-w', '@forwarder/domain'], { quiet: toRun }),
  backend: async () => {
    if (!toRun && !checkedByLint) return run('npm', ['run', checkContract ? 'contract:check' : 'build', '-w', 'backend']);
    const started = performance.now();
    const count = await compileBackend();
    log(`backend: ${count} files compiled in ${seconds(started)} (not type-checked: ${checkedByLint ? "lint's tsc -b does" : 'npm run build does'})`);
    if (checkedByLint) await run('node', ['dist/openapi/generate.js', ...(checkContract ? ['--check'] : [])], { cwd: 'backend' });
  },
  frontend: async () => {
    if (!toRun && !checkedByLint) return run('npm', ['run', 'build', '-w', 'frontend']);
    let started = performance.now();
    await run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: 'frontend' });
    // the customer portal after the staff client: it builds into the latter's dist/m
    await run('npx', ['vite', 'build', '-c', 'vite.portal.config.ts', '--logLevel', 'warn'], { cwd: 'frontend' });
    log(`frontend: bundled by vite in ${seconds(started)}; compressing it`);
    started = performance.now();
    await run('node', ['frontend/scripts/precompress.mjs'], { quiet: true });
    log(`frontend: compressed in ${seconds(started)}`);
  },
};

async function build({ name, inputs, output }) {
  if (ifStale && isCurrent(root, inputs, output)) return log(`${name}: up to date`);
  // The production image holds the built output without the sources (Dockerfile): nothing to build from.
  if (ifStale && !existsSync(path.join(root, inputs[0])) && existsSync(path.join(root, output))) return log(`${name}: built output only (no sources here)`);
  if (toRun) log(`${name}: building`);
  const started = performance.now();
  await buildAndStamp(root, inputs, output, BUILDS[name]);
  if (toRun) log(`${name}: built in ${seconds(started)}`);
}

const started = performance.now();
const [domain, backend, frontend] = WORKSPACES;
try {
  if (!webOnly) await build(domain);
  if (!domainOnly) {
    const later = serverOnly ? [backend] : webOnly ? [frontend] : [backend, frontend];
    // to run, the backend and the web client are built at once (the client reads the domain's sources, not
    // the backend's output); `npm run build` builds them in turn, the client's API types from the contract
    // the backend writes
    if (toRun) await Promise.all(later.map(build));
    else for (const workspace of later) await build(workspace);
  }
} catch (error) {
  console.error(`build failed: ${error.message}`);
  process.exit(1);
}
if (toRun) log(`done in ${seconds(started)}`);
