#!/usr/bin/env node
// `npm run chaos`: the faults of a bad day in the server room, each applied to a running instance under a
// write load, and what each cost: seconds without a successful answer, the statuses clients saw, and any
// acknowledged write that lost its row, its change-log row or its request-log row, or was made twice.
//
// The instance is the product as `npm start` runs it (the supervisor, scripts/start.mjs) on an embedded
// PostgreSQL, upload folder and ports of its own in a temporary folder, without demo data; nothing of a
// running instance is touched. The load (scripts/lib/chaos.mjs) is CLIENTS administrators creating notices,
// each with an Idempotency-Key that a retry sends again, as the web client does. Bounded in time: about
// --seconds per fault and the start; the instance and its folder are removed at the end. Exits 1 when a
// record was lost or made twice, or a client saw a 500.
//
//   npm run chaos [-- --seconds 15 --clients 8 --keep]
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { childPids, httpClient, log, repoRoot, signIn } from './lib/bench.mjs';
import { lostRecords, outageSeconds, writeLoad } from './lib/chaos.mjs';
import { freePort } from './lib/database.mjs';
import { SERVER_NODE_FLAGS } from './lib/server-runtime.mjs';

const { values: options } = parseArgs({
  options: { seconds: { type: 'string', default: '15' }, clients: { type: 'string', default: '8' }, keep: { type: 'boolean', default: false } },
});
const FAULT_SECONDS = Number(options.seconds);
const CLIENTS = Number(options.clients);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const folder = mkdtempSync(path.join(tmpdir(), 'fwd-chaos-'));
// run as root, the embedded PostgreSQL runs as "postgres", who must reach its folder
chmodSync(folder, 0o755);
const [port, pgPort] = [await freePort(), await freePort()];
const apiBase = `http://127.0.0.1:${port}/api/v1`;
const databaseUrl = `postgresql://postgres:postgres@127.0.0.1:${pgPort}/forwarder`;
const pgDir = path.join(folder, 'pg');

/** The supervisor, in a process group of its own so that everything it started ends with it. */
function startInstance() {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'WORKERS', 'NODE_OPTIONS']) delete env[name];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(repoRoot, 'scripts', 'start.mjs')], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      EMBEDDED_PG_DIR: pgDir,
      UPLOAD_DIR: path.join(folder, 'uploads'),
      BACKUP_DIR: path.join(folder, 'backups'),
      DEMO_DATA: 'accounts',
      WEB_DIR: '',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    },
  });
  const lines = [];
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => lines.push(...String(chunk).split('\n').filter(Boolean)));
  return { child, lines };
}

async function waitReady(timeoutMs) {
  for (const end = Date.now() + timeoutMs; Date.now() < end; await sleep(500)) {
    const status = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(3000) }).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return;
  }
  throw new Error(`the instance was not ready within ${timeoutMs / 1000} s`);
}

const readOr = (file, fallback) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
};

/** The embedded PostgreSQL's postmaster and its backends (the first line of its pid file). */
const postmasterPid = () => Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

/** The server process the supervisor runs (a Node child of it running start.mjs). */
function serverPid(supervisor) {
  const pid = childPids(supervisor).find((child) =>
    readOr(`/proc/${child}/cmdline`, '')
      .split('\0')
      .some((arg) => arg.endsWith('start.mjs')),
  );
  if (!pid) throw new Error('no server process under the supervisor');
  return pid;
}

const FAULTS = [
  { name: 'kill -9 the embedded PostgreSQL', apply: () => process.kill(postmasterPid(), 'SIGKILL') },
  { name: 'kill -9 the server process', apply: (supervisor) => process.kill(serverPid(supervisor), 'SIGKILL') },
  {
    name: 'PostgreSQL hung for 8 s (SIGSTOP, SIGCONT)',
    apply: async () => {
      const stopped = [postmasterPid(), ...childPids(postmasterPid())];
      for (const pid of stopped) process.kill(pid, 'SIGSTOP');
      await sleep(8000);
      for (const pid of stopped) process.kill(pid, 'SIGCONT');
    },
  },
];

const instance = startInstance();
const report = [];
try {
  log(`starting an instance on port ${port} (embedded PostgreSQL on ${pgPort}, folder ${folder})`);
  await waitReady(180_000);
  const token = await signIn(httpClient(1), apiBase, 'admin', 'admin123');
  for (const fault of FAULTS) {
    const load = writeLoad(apiBase, token, { clients: CLIENTS, prefix: `chaos-${report.length}` });
    await sleep(3000);
    const from = Date.now();
    log(`fault: ${fault.name}`);
    await fault.apply(instance.child.pid);
    await sleep(FAULT_SECONDS * 1000);
    await load.stop();
    await waitReady(60_000);
    report.push({
      fault: fault.name,
      outageS: outageSeconds(load.timeline, from),
      statuses: Object.fromEntries([...load.statuses].sort(([a], [b]) => String(a).localeCompare(String(b)))),
      acknowledged: load.acknowledged.length,
      ...(await lostRecords(databaseUrl, load.acknowledged)),
    });
    log(JSON.stringify(report.at(-1)));
  }
} catch (error) {
  console.error(`chaos stopped: ${error.stack ?? error.message}`);
  console.error(instance.lines.slice(-30).join('\n'));
  process.exitCode = 1;
} finally {
  try {
    process.kill(-instance.child.pid, 'SIGTERM');
    await Promise.race([new Promise((resolve) => instance.child.once('exit', resolve)), sleep(20_000)]);
    process.kill(-instance.child.pid, 'SIGKILL');
  } catch {
    // the group has ended
  }
  if (!options.keep) rmSync(folder, { recursive: true, force: true });
}

console.log('\n| fault | outage s | statuses seen | acknowledged | rows lost | made twice | change-log rows lost | request-log rows lost |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of report) {
  const statuses = Object.entries(r.statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  console.log(`| ${r.fault} | ${r.outageS.toFixed(1)} | ${statuses} | ${r.acknowledged} | ${r.rows} | ${r.twice} | ${r.changeLog} | ${r.requestLog} |`);
}
if (report.length < FAULTS.length || report.some((r) => r.rows || r.twice || r.changeLog || r.requestLog || r.statuses[500])) process.exitCode = 1;
