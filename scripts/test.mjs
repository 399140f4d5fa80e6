#!/usr/bin/env node
// `npm test`: every tier of the suite, two at a time on a 2-core machine, each started as soon as what it
// needs is done; the server is built once (checking the API contract on the way) and the web client once,
// and the later tiers find both current (scripts/build.mjs --if-stale). Every workspace is type-checked once,
// by lint's `tsc -b`: the builds here do not check them again (--checked-by-lint). Prints each tier's time at the end.
// `npm test -- backend frontend` runs only the tiers named (with none of what they need); the browser suite is
// the two tiers e2e and e2e-alone (`npm run test:e2e` alone runs all of it).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The tiers in the order they are preferred when two are ready: the longest chain first (build the server,
 * the backend suite), the shorter ones beside it, the browser suite as soon as the web client is built, so that
 * it runs beside the backend suite rather than after it. Only the part of the browser suite that needs the machine
 * runs alone at the end: the file that starts a product of its own with two server processes and the one that
 * times the screens (e2e/playwright.config.ts, E2E_PART).
 */
const TIERS = [
  // the server built as `npm start` builds it (swc) and the contract checked; its types are lint's to check (tsc -b
  // over every workspace, beside it), not type-checked twice (scripts/build.mjs --checked-by-lint)
  { name: 'contract', run: ['sh', '-c', 'node scripts/build.mjs --server --check-contract --checked-by-lint && npm run contract:lint'], after: [] },
  { name: 'lint', run: ['npm', 'run', 'lint'], after: [] },
  { name: 'backend', run: ['npm', 'run', 'test:backend'], after: ['contract'] },
  { name: 'domain', run: ['npm', 'run', 'test:domain'], after: [] },
  // the web client's build, for the browser suite; after lint, which reads the API types it rewrites
  { name: 'web', run: ['node', 'scripts/build.mjs', '--web', '--checked-by-lint'], after: ['contract', 'lint'] },
  { name: 'frontend', run: ['npm', 'run', 'test:frontend'], after: [] },
  // one browser on a server of its own (e2e/playwright.config.ts): every browser file but the two below, beside
  // the backend suite, which is the critical path: a second browser and server there took the backend's CPU
  // (backend 16:17 beside two browsers in the clean-clone CI of 29 Nov, 12:22 when the browsers came after it)
  {
    name: 'e2e',
    run: ['npm', 'run', 'test:e2e'],
    env: { E2E_WORKERS: process.env.E2E_WORKERS ?? '1', E2E_PART: 'browser' },
    after: ['contract', 'web', 'lint'],
  },
  // workers.e2e.ts (a product of its own, two server processes) and the screens' timings, alone at the end
  {
    name: 'e2e-alone',
    run: ['npm', 'run', 'test:e2e'],
    env: { E2E_WORKERS: '1', E2E_PART: 'alone' },
    after: ['contract', 'web', 'lint', 'backend', 'domain', 'frontend', 'e2e'],
    alone: true,
  },
];

const PARALLEL = Math.max(1, Math.min(2, Number(process.env.TEST_TIERS_PARALLEL) || os.availableParallelism()));

const wanted = process.argv.slice(2);
for (const name of wanted) if (!TIERS.some((tier) => tier.name === name)) fail(`no tier "${name}" (tiers: ${TIERS.map((t) => t.name).join(', ')})`);
const tiers = wanted.length ? TIERS.filter((tier) => wanted.includes(tier.name)) : TIERS;
const inRun = new Set(tiers.map((tier) => tier.name));

const started = Date.now();
/** name → { status: 'running' | 'passed' | 'failed' | 'not run', seconds } */
const results = new Map();
const running = new Set();
const children = new Set();

function fail(message) {
  console.error(message);
  process.exit(2);
}

const done = (name) => results.get(name)?.status === 'passed' || !inRun.has(name);
const anyFailed = () => [...results.values()].some((result) => result.status === 'failed');

/** Output of a tier, line by line, prefixed with its name while another runs beside it. */
function relay(name, stream, target) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) target.write(`[${name}] ${line}\n`);
  });
  stream.on('end', () => rest && target.write(`[${name}] ${rest}\n`));
}

function start(tier) {
  const began = Date.now();
  results.set(tier.name, { status: 'running', seconds: 0 });
  running.add(tier.name);
  console.log(`[${tier.name}] ${tier.run.join(' ')}`);
  const [command, ...args] = tier.run;
  // its own process group, so that an interrupted run stops the tier's whole tree (servers, browsers, PostgreSQL)
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...tier.env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.add(child);
  relay(tier.name, child.stdout, process.stdout);
  relay(tier.name, child.stderr, process.stderr);
  child.on('close', (code) => {
    children.delete(child);
    running.delete(tier.name);
    const seconds = Math.round((Date.now() - began) / 1000);
    results.set(tier.name, { status: code === 0 ? 'passed' : 'failed', seconds });
    console.log(`[${tier.name}] ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${minutes(seconds)}`);
    schedule();
  });
}

/** Starts what is ready, up to PARALLEL tiers (a tier marked alone runs with no other); after a failure, nothing new. */
function schedule() {
  if (!anyFailed()) {
    for (const tier of tiers) {
      if (running.size >= PARALLEL || [...running].some((name) => tiers.find((t) => t.name === name).alone)) break;
      if (results.has(tier.name) || !tier.after.every(done)) continue;
      if (tier.alone && running.size > 0) continue;
      start(tier);
    }
  }
  if (running.size === 0) finish();
}

const minutes = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function finish() {
  const total = Math.round((Date.now() - started) / 1000);
  console.log('\ntier        result    time');
  for (const tier of tiers) {
    const result = results.get(tier.name) ?? { status: 'not run', seconds: 0 };
    console.log(`${tier.name.padEnd(12)}${result.status.padEnd(10)}${result.status === 'not run' ? '' : minutes(result.seconds)}`);
  }
  console.log(`${'total'.padEnd(22)}${minutes(total)} (${PARALLEL} at a time)`);
  process.exit(anyFailed() || results.size < tiers.length ? 1 : 0);
}

for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });

schedule();
