#!/usr/bin/env node
// Hub fan-out benchmark: N real @microsoft/signalr clients on WebSockets against our hub, and the same
// run against a plain socket.io 4.8 server (the yardstick), each
// server alone in a child process so that its memory can be read. Loopback only.
//
//   npm run bench:hub                         1,000 then 5,000 clients, 3 rounds each
//   npm run bench:hub -- --clients 1000 --rounds 5 --broadcasts 30
//   npm run bench:hub -- --negotiate          hub clients negotiate before the WebSocket (the web client's
//                                             fallback; by default they open it directly, as the web
//                                             client does first and as socket.io's clients do)
//   npm run bench:hub -- --cpu-prof prof      each server child writes a CPU profile into ./prof
//   npm run bench:hub -- --hold 10            10,000 hub clients held 10 minutes (see hold() below);
//                                             --clients, --interval <s>, --server hub|socketio
//
// Per round and server: time to connect all clients, delivery latency of each broadcast to each client
// (from the moment the server starts the broadcast to the client's handler), how long the broadcast
// call holds the server's event loop, and the server's RSS / heap growth per connection. The two servers
// alternate within a round (machines drift over minutes); ratios are taken per round, reported as the
// median of the rounds. The hub runs with a trivial authenticator (bench only): token "user-<n>".
// Also the CPU time each side spent per connection while connecting (the clients all run in this one
// process: when "client CPU per connect" times the clients nears "connect all", the clients are the limit).
//
// Every client holds a socket in this process and one in the server's: the script checks the open-files
// limit (ulimit -n). Node raises its own soft limit to the hard one as it starts; should the soft limit
// still be short, the script runs itself again under `ulimit -n`; above the hard limit it stops and says
// what to raise.
import { execFileSync, fork, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EVENT = 'ReceiveMessage';
const CONNECT_CONCURRENCY = 100;
const DELIVERY_TIMEOUT_MS = 20_000;
const MAX_CLIENTS = 20_000;
const HOLD_CLIENTS = 10_000;
const MAX_HOLD_MINUTES = 24 * 60;
/** Sockets besides the clients' (the IPC channel, the pool of negotiate requests, stdio, modules). */
const SPARE_FILES = 400;
const MAX_ROUNDS = 10;
const MAX_BROADCASTS = 200;
const MAX_CLIENT_THREADS = 16;

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    broadcasts: { type: 'string', default: '20' },
    negotiate: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    hold: { type: 'string' },
    interval: { type: 'string', default: '5' },
    server: { type: 'string', default: 'hub' },
    'client-threads': { type: 'string', default: '1' },
    serve: { type: 'string' },
  },
});

const now = () => performance.timeOrigin + performance.now();

// ---------------------------------------------------------------------------------------------------
// Child: one server, driven over IPC.

async function serve(kind) {
  const server = kind === 'hub' ? await startHub() : await startSocketIo();
  process.on('message', async (message) => {
    if (message.cmd === 'memory') {
      global.gc();
      global.gc();
      const { rss, heapUsed } = process.memoryUsage();
      process.send({ cmd: 'memory', rss, heapUsed });
    } else if (message.cmd === 'broadcast') {
      const sentAt = now();
      server.broadcast({ seq: message.seq, sentAt, text: 'x'.repeat(64) });
      process.send({ cmd: 'broadcast', seq: message.seq, holdMs: now() - sentAt });
    } else if (message.cmd === 'clients') {
      process.send({ cmd: 'clients', count: await server.clients() });
    } else if (message.cmd === 'cpu') {
      process.send({ cmd: 'cpu', usage: process.cpuUsage() });
    }
  });
  // The parent closing the IPC channel ends the child normally (so that --cpu-prof and the like can write).
  process.on('disconnect', () => process.exit(0));
  process.send({ cmd: 'ready', port: server.port });
}

async function startHub() {
  const cache = path.join(repoRoot, 'node_modules', '.cache', 'bench-hub');
  await import('reflect-metadata');
  const { Global, Module } = await import('@nestjs/common');
  const { NestFactory } = await import('@nestjs/core');
  const load = (file) => import(pathToFileURL(path.join(cache, 'src', file)).href);
  const { HubModule } = await load('hub/hub.module.js');
  const { HubService } = await load('hub/hub.service.js');
  const { HUB_AUTHENTICATOR } = await load('hub/hub.types.js');

  const authenticator = {
    async authenticate(token) {
      const userId = Number(/^user-(\d+)$/.exec(token)?.[1]);
      return Number.isInteger(userId) ? { userId, sessionId: token, account: token, fullName: token } : null;
    },
  };
  class BenchAuthModule {}
  Global()(BenchAuthModule);
  Module({ providers: [{ provide: HUB_AUTHENTICATOR, useValue: authenticator }], exports: [HUB_AUTHENTICATOR] })(BenchAuthModule);
  class BenchModule {}
  Module({ imports: [BenchAuthModule, HubModule] })(BenchModule);

  const app = await NestFactory.create(BenchModule, { logger: ['error', 'warn'] });
  const hub = app.get(HubService);
  hub.attach(app);
  await app.listen(0, '127.0.0.1');
  return {
    port: app.getHttpServer().address().port,
    broadcast: (payload) => void hub.sendToAll(EVENT, payload),
    clients: () => hub.online().then((entries) => entries.length),
  };
}

async function startSocketIo() {
  const { Server } = await import('socket.io');
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'], serveClient: false });
  io.use((socket, next) => (/^user-\d+$/.test(socket.handshake.auth?.token) ? next() : next(new Error('unauthorized'))));
  // A room per user, as the hub indexes connections by user.
  io.on('connection', (socket) => socket.join(socket.handshake.auth.token));
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    port: http.address().port,
    broadcast: (payload) => io.emit(EVENT, payload),
    clients: () => io.engine.clientsCount,
  };
}

// ---------------------------------------------------------------------------------------------------
// Hold: N clients of one server kept connected for minutes while the server broadcasts every few seconds.
// A client is dropped when its connection closes or when the server stops counting it; a broadcast is
// missed by every client it has not reached before the next one goes out (the last one gets
// DELIVERY_TIMEOUT_MS). Each minute: clients open, the server's count, its RSS and heap per connection
// (after a full GC), the broadcasts' delivery p50/p99 in that minute.

async function hold() {
  const minutes = Number(args.hold);
  if (!(minutes > 0 && minutes <= MAX_HOLD_MINUTES)) throw new Error(`--hold must be a number of minutes from 0 to ${MAX_HOLD_MINUTES}`);
  const size = bounded(args.clients ?? String(HOLD_CLIENTS), 1, MAX_CLIENTS, '--clients');
  const intervalMs = 1000 * Number(args.interval);
  if (!(intervalMs >= 100)) throw new Error('--interval must be a number of seconds, at least 0.1');
  const kind = args.server;
  if (kind !== 'hub' && kind !== 'socketio') throw new Error('--server must be hub or socketio');
  ensureOpenFiles(size);
  const threads = bounded(args['client-threads'], 1, MAX_CLIENT_THREADS, '--client-threads');
  if (kind === 'hub') await compileHub();
  console.log(
    `hold: ${size} ${kind} clients (in ${threads} thread${threads > 1 ? 's' : ''}) for ${minutes} min, a broadcast every ${intervalMs / 1000} s, Node ${process.version}`,
  );

  const child = fork(fileURLToPath(import.meta.url), ['--serve', kind], { execArgv: ['--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const inbox = messages(child);
  try {
    const { port } = await inbox.next('ready');
    const url = `http://127.0.0.1:${port}`;
    child.send({ cmd: 'memory' });
    const base = await inbox.next('memory');

    const delivered = new Map(); // seq -> deliveries
    let latencies = [];
    let closed = 0;
    const onDelivery = (seq, latency) => {
      latencies.push(latency);
      delivered.set(seq, (delivered.get(seq) ?? 0) + 1);
    };
    const onClose = () => closed++;
    const pool = await clientPool(kind, url, threads);
    const started = performance.now();
    const clients = await pool.connect(size, onDelivery, onClose);
    console.log(`  connected ${size} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const sample = async () => {
      child.send({ cmd: 'clients' });
      const { count } = await inbox.next('clients');
      child.send({ cmd: 'memory' });
      const { rss, heapUsed } = await inbox.next('memory');
      return { count, rssPerConnection: (rss - base.rss) / size, heapPerConnection: (heapUsed - base.heapUsed) / size, rss, heapUsed };
    };
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    const first = await sample();
    console.log(
      `  at start: server counts ${first.count}, RSS ${(first.rss / 2 ** 20).toFixed(0)} MB, per connection RSS ${kb(first.rssPerConnection)}, heap ${kb(first.heapPerConnection)}`,
    );

    let seq = 0;
    let missed = 0;
    let lowestCount = first.count;
    const holdEnd = performance.now() + minutes * 60_000;
    let nextReport = performance.now() + 60_000;
    const settle = (number, waitMs) =>
      waitFor(() => (delivered.get(number) ?? 0) >= size, waitMs).then(() => {
        missed += size - (delivered.get(number) ?? 0);
        delivered.delete(number);
      });
    while (performance.now() < holdEnd) {
      const sentAt = performance.now();
      child.send({ cmd: 'broadcast', seq: ++seq });
      await inbox.next('broadcast');
      await settle(seq, intervalMs - (performance.now() - sentAt));
      await sleep(intervalMs - (performance.now() - sentAt));
      if (performance.now() >= nextReport || performance.now() >= holdEnd) {
        nextReport += 60_000;
        const now = await sample();
        lowestCount = Math.min(lowestCount, now.count);
        const minute = Math.round((performance.now() - (holdEnd - minutes * 60_000)) / 60_000);
        console.log(
          `  min ${String(minute).padStart(3)}: open ${size - closed}, server counts ${now.count}, broadcasts ${seq}, missed ${missed}, ` +
            `delivery p50 ${percentile(latencies, 50).toFixed(1)} ms p99 ${percentile(latencies, 99).toFixed(1)} ms, ` +
            `RSS ${(now.rss / 2 ** 20).toFixed(0)} MB (${kb(now.rssPerConnection)}/connection), heap ${kb(now.heapPerConnection)}/connection`,
        );
        latencies = [];
      }
    }
    const last = await sample();
    const dropped = Math.max(closed, size - Math.min(lowestCount, last.count));
    console.log(
      `\nhold of ${size} ${kind} clients for ${minutes} min: ${dropped === 0 ? 'none dropped' : `${dropped} DROPPED`} ` +
        `(${closed} closed, the server's lowest count ${Math.min(lowestCount, last.count)}), ${seq} broadcasts, ${missed} deliveries missed\n` +
        `server memory per connection (growth over the idle server, after a full GC): RSS ${kb(first.rssPerConnection)} at the start, ` +
        `${kb(last.rssPerConnection)} at the end (RSS ${(base.rss / 2 ** 20).toFixed(0)} MB idle, ${(first.rss / 2 ** 20).toFixed(0)} MB then ` +
        `${(last.rss / 2 ** 20).toFixed(0)} MB held); heap ${kb(first.heapPerConnection)} at the start, ${kb(last.heapPerConnection)} at the end`,
    );
    await clients.close();
    if (dropped > 0 || missed > 0) process.exitCode = 1;
  } finally {
    await stopChild(child);
  }
}

async function waitFor(condition, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  while (!condition() && performance.now() < deadline) await sleep(5);
}

/**
 * Makes sure this process (and the server it forks, which inherits the limit) may open a socket per
 * client and some: raises the soft limit by running again under `ulimit -n` when the hard limit allows.
 */
function ensureOpenFiles(clients) {
  const needed = clients + SPARE_FILES;
  if (process.platform === 'win32') return;
  const [soft, hard] = execFileSync('/bin/sh', ['-c', 'ulimit -Sn; ulimit -Hn'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((value) => (value === 'unlimited' ? Infinity : Number(value)));
  if (soft >= needed) return;
  if (hard < needed || process.env.BENCH_HUB_RAISED_LIMIT) {
    throw new Error(
      `${clients} clients need ${needed} open files per process; the limit is ${soft} (hard ${hard}). ` +
        `Raise it (ulimit -n ${needed}, as root above the hard limit, or LimitNOFILE= / /etc/security/limits.conf) and run again.`,
    );
  }
  console.log(`raising the open-files limit from ${soft} to ${needed} (ulimit -n) and running again`);
  const { status, signal } = spawnSync(
    '/bin/sh',
    ['-c', `ulimit -n ${needed} && exec "$0" "$@"`, process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
      env: { ...process.env, BENCH_HUB_RAISED_LIMIT: '1' },
    },
  );
  process.exit(status ?? (signal ? 1 : 0));
}

// ---------------------------------------------------------------------------------------------------
// Parent: compile the hub, then run the rounds.

async function main() {
  if (args.hold !== undefined) return hold();
  const sizes = (args.clients ?? '1000,5000').split(',').map((value) => bounded(value, 1, MAX_CLIENTS, '--clients'));
  const rounds = bounded(args.rounds, 1, MAX_ROUNDS, '--rounds');
  const broadcasts = bounded(args.broadcasts, 1, MAX_BROADCASTS, '--broadcasts');
  const threads = bounded(args['client-threads'], 1, MAX_CLIENT_THREADS, '--client-threads');
  ensureOpenFiles(Math.max(...sizes));
  await compileHub();

  console.log(
    `hub fan-out benchmark: ${sizes.join(', ')} clients (in ${threads} thread${threads > 1 ? 's' : ''}), ${rounds} rounds of ${broadcasts} broadcasts, Node ${process.version}`,
  );
  const report = [];
  for (const size of sizes) {
    const results = { hub: [], socketio: [] };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ['hub', 'socketio'] : ['socketio', 'hub'];
      for (const kind of order) {
        const result = await runOnce(kind, size, broadcasts, threads);
        results[kind].push(result);
        console.log(`  ${String(size).padStart(5)} clients, round ${round + 1}, ${kind.padEnd(8)} ${describe(result)}`);
      }
    }
    report.push({ size, ...summarise(results) });
  }
  printReport(report);
}

function bounded(value, min, max, name) {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return number;
}

/**
 * Transpiles the hub and every file it imports from the backend's sources (followed through relative
 * imports) with swc, as jest does, into node_modules/.cache.
 */
async function compileHub() {
  const { transformFileSync } = await import('@swc/core');
  const backend = path.join(repoRoot, 'backend');
  const out = path.join(repoRoot, 'node_modules', '.cache', 'bench-hub');
  const pending = walk(path.join(backend, 'src', 'hub')).filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'));
  const done = new Set();
  while (pending.length > 0) {
    const source = pending.pop();
    if (done.has(source)) continue;
    done.add(source);
    for (const [, specifier] of readFileSync(source, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)\.js['"]/g)) {
      const imported = path.resolve(path.dirname(source), `${specifier}.ts`);
      if (existsSync(imported)) pending.push(imported);
    }
    const target = path.join(out, path.relative(backend, source)).replace(/\.ts$/, '.js');
    if (existsSync(target) && statSync(target).mtimeMs >= statSync(source).mtimeMs) continue;
    const { code } = transformFileSync(source, {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'es6' },
    });
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, code);
  }
  writeFileSync(path.join(out, 'package.json'), '{"type":"module"}\n');
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

async function runOnce(kind, size, broadcasts, threads) {
  const execArgv = [
    '--expose-gc',
    ...(args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['cpu-prof'])}`, `--cpu-prof-name=${kind}-${size}-${Date.now()}.cpuprofile`] : []),
  ];
  const child = fork(fileURLToPath(import.meta.url), ['--serve', kind], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const inbox = messages(child);
  try {
    const { port } = await inbox.next('ready');
    const url = `http://127.0.0.1:${port}`;
    child.send({ cmd: 'memory' });
    const before = await inbox.next('memory');

    const latencies = [];
    const seen = new Map(); // seq -> deliveries
    const onDelivery = (seq, latency) => {
      latencies.push(latency);
      seen.set(seq, (seen.get(seq) ?? 0) + 1);
    };
    const pool = await clientPool(kind, url, threads);
    child.send({ cmd: 'cpu' });
    const serverCpuBefore = (await inbox.next('cpu')).usage;
    const clientCpuBefore = process.cpuUsage();
    const connectStarted = performance.now();
    const clients = await pool.connect(size, onDelivery);
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    child.send({ cmd: 'cpu' });
    const serverCpuAfter = (await inbox.next('cpu')).usage;
    const cpuMs = ({ user, system }) => (user + system) / 1000;

    child.send({ cmd: 'clients' });
    const { count } = await inbox.next('clients');
    if (count !== size) throw new Error(`${kind}: the server counts ${count} clients, expected ${size}`);
    await sleep(500);
    child.send({ cmd: 'memory' });
    const after = await inbox.next('memory');

    const holds = [];
    let lost = 0;
    for (let seq = 1; seq <= broadcasts; seq++) {
      child.send({ cmd: 'broadcast', seq });
      holds.push((await inbox.next('broadcast')).holdMs);
      const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
      while ((seen.get(seq) ?? 0) < size && Date.now() < deadline) await sleep(5);
      lost += size - (seen.get(seq) ?? 0);
      await sleep(50);
    }
    await clients.close();
    return {
      connectSeconds,
      serverCpuPerConnect: (cpuMs(serverCpuAfter) - cpuMs(serverCpuBefore)) / size,
      clientCpuPerConnect: cpuMs(clientCpu) / size,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      holdMs: median(holds),
      rssPerConnection: (after.rss - before.rss) / size,
      heapPerConnection: (after.heapUsed - before.heapUsed) / size,
      lost,
    };
  } finally {
    await stopChild(child);
  }
}

/**
 * Clients of `kind` run in this thread, or spread over `threads` worker threads of this process
 * (--client-threads) so that the clients' own work is not bound to one core. The threads are started and
 * the client library loaded before `connect` (which is what is timed). `connect(size, onDelivery, onClose)`
 * opens `size` clients (tokens user-0 … user-<size-1>), CONNECT_CONCURRENCY in flight in all;
 * `onDelivery(seq, latencyMs)` for every broadcast received (latency taken on receipt, in whichever
 * thread), `onClose()` for every connection lost after connecting.
 */
async function clientPool(kind, url, threads) {
  const share = { kind, url, skipNegotiation: !args.negotiate };
  if (threads <= 1) {
    const library = await clientLibrary(kind);
    return {
      connect: (size, onDelivery, onClose) => connectShare(library, { ...share, from: 0, count: size, concurrency: CONNECT_CONCURRENCY }, onDelivery, onClose),
    };
  }
  const workers = await Promise.all(
    Array.from({ length: threads }, async () => {
      const worker = new Worker(new URL(import.meta.url), { workerData: share });
      const handlers = { deliveries: () => {}, closed: () => {} };
      const waiting = new Map();
      worker.on('message', (message) => {
        if (message.type === 'deliveries') handlers.deliveries(message.items);
        else if (message.type === 'closed') handlers.closed();
        else waiting.get(message.type)?.resolve();
      });
      worker.on('error', (error) => waiting.forEach(({ reject }) => reject(error)));
      const reply = (type) => new Promise((resolve, reject) => waiting.set(type, { resolve, reject }));
      await reply('ready');
      return { worker, handlers, reply };
    }),
  );
  return {
    async connect(size, onDelivery, onClose) {
      await Promise.all(
        workers.map(({ worker, handlers, reply }, t) => {
          handlers.deliveries = (items) => {
            for (let i = 0; i < items.length; i += 2) onDelivery(items[i], items[i + 1]);
          };
          handlers.closed = () => onClose?.();
          const from = Math.floor((size * t) / threads);
          const connected = reply('connected');
          worker.postMessage({
            type: 'connect',
            from,
            count: Math.floor((size * (t + 1)) / threads) - from,
            concurrency: Math.ceil(CONNECT_CONCURRENCY / threads),
          });
          return connected;
        }),
      );
      return {
        close: () =>
          Promise.all(
            workers.map(async ({ worker, reply }) => {
              const stopped = reply('stopped');
              worker.postMessage({ type: 'close' });
              await stopped;
              await worker.terminate();
            }),
          ),
      };
    },
  };
}

/** A client thread: connects its share when told, forwards deliveries in batches (once per turn of its event loop). */
async function clientThread(share) {
  const library = await clientLibrary(share.kind);
  let pending = [];
  const flush = () => {
    parentPort.postMessage({ type: 'deliveries', items: pending });
    pending = [];
  };
  const onDelivery = (seq, latency) => {
    if (pending.length === 0) setImmediate(flush);
    pending.push(seq, latency);
  };
  let clients;
  parentPort.on('message', async (message) => {
    if (message.type === 'connect') {
      clients = await connectShare(library, { ...share, ...message }, onDelivery, () => parentPort.postMessage({ type: 'closed' }));
      parentPort.postMessage({ type: 'connected' });
    } else if (message.type === 'close') {
      await clients?.close();
      parentPort.postMessage({ type: 'stopped' });
    }
  });
  parentPort.postMessage({ type: 'ready' });
}

async function clientLibrary(kind) {
  return kind === 'hub' ? await import('@microsoft/signalr') : (await import('socket.io-client')).io;
}

async function connectShare(library, { kind, url, from, count, concurrency, skipNegotiation }, onDelivery, onClose) {
  if (kind === 'hub') {
    const signalR = library;
    const connections = await inBatches(count, concurrency, async (i) => {
      const connection = new signalR.HubConnectionBuilder()
        .withUrl(`${url}/chathub`, {
          transport: signalR.HttpTransportType.WebSockets,
          skipNegotiation,
          accessTokenFactory: () => `user-${from + i}`,
        })
        .configureLogging(signalR.LogLevel.Error)
        .build();
      connection.on(EVENT, (payload) => onDelivery(payload.seq, now() - payload.sentAt));
      await connection.start();
      if (onClose) connection.onclose(onClose);
      return connection;
    });
    return { close: () => inBatches(connections.length, concurrency, (i) => connections[i].stop()) };
  }
  const io = library;
  const sockets = await inBatches(
    count,
    concurrency,
    (i) =>
      new Promise((resolve, reject) => {
        const socket = io(url, { transports: ['websocket'], auth: { token: `user-${from + i}` }, reconnection: false, forceNew: true });
        socket.on(EVENT, (payload) => onDelivery(payload.seq, now() - payload.sentAt));
        socket.once('connect', () => {
          if (onClose) socket.once('disconnect', onClose);
          resolve(socket);
        });
        socket.once('connect_error', reject);
      }),
  );
  return { close: async () => sockets.forEach((socket) => socket.disconnect()) };
}

/** Runs task(0..count-1) with at most `concurrency` in flight; resolves to the results in order. */
async function inBatches(count, concurrency, task) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

async function stopChild(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.disconnect();
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Awaits IPC messages of the child by command, failing if it exits first. */
function messages(child) {
  const queue = [];
  const waiting = [];
  let exited;
  child.on('message', (message) => {
    const index = waiting.findIndex((waiter) => waiter.cmd === message.cmd);
    if (index >= 0) waiting.splice(index, 1)[0].resolve(message);
    else queue.push(message);
  });
  child.on('exit', (code) => {
    exited = new Error(`server child exited with code ${code}`);
    waiting.splice(0).forEach((waiter) => waiter.reject(exited));
  });
  return {
    next(cmd) {
      const index = queue.findIndex((message) => message.cmd === cmd);
      if (index >= 0) return Promise.resolve(queue.splice(index, 1)[0]);
      if (exited) return Promise.reject(exited);
      return new Promise((resolve, reject) => waiting.push({ cmd, resolve, reject }));
    },
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function median(values) {
  return percentile(values, 50);
}

const METRICS = [
  ['connectSeconds', 'connect all', (v) => `${v.toFixed(2)} s`],
  ['serverCpuPerConnect', 'server CPU per connect', (v) => `${(v * 1000).toFixed(0)} µs`],
  ['clientCpuPerConnect', 'client CPU per connect', (v) => `${(v * 1000).toFixed(0)} µs`],
  ['p50', 'delivery p50', (v) => `${v.toFixed(1)} ms`],
  ['p99', 'delivery p99', (v) => `${v.toFixed(1)} ms`],
  ['holdMs', 'loop hold per broadcast', (v) => `${v.toFixed(1)} ms`],
  ['rssPerConnection', 'RSS per connection', (v) => `${(v / 1024).toFixed(1)} KB`],
  ['heapPerConnection', 'heap per connection', (v) => `${(v / 1024).toFixed(1)} KB`],
];

function describe(result) {
  const parts = METRICS.map(([key, label, format]) => `${label} ${format(result[key])}`);
  return parts.join(', ') + (result.lost ? `, LOST ${result.lost}` : '');
}

function summarise({ hub, socketio }) {
  const summary = {};
  for (const [key] of METRICS) {
    summary[key] = {
      hub: median(hub.map((result) => result[key])),
      socketio: median(socketio.map((result) => result[key])),
      ratio: median(hub.map((result, round) => result[key] / socketio[round][key])),
    };
  }
  summary.lost = { hub: hub.reduce((sum, r) => sum + r.lost, 0), socketio: socketio.reduce((sum, r) => sum + r.lost, 0) };
  return summary;
}

function printReport(report) {
  console.log('\nmedians over the rounds; ratio = median of the per-round ratios hub / socket.io (lower is better)');
  for (const entry of report) {
    console.log(
      `\n${entry.size} clients${entry.lost.hub || entry.lost.socketio ? ` (lost deliveries: hub ${entry.lost.hub}, socket.io ${entry.lost.socketio})` : ''}`,
    );
    console.log(`  ${'metric'.padEnd(24)} ${'hub'.padStart(10)} ${'socket.io'.padStart(10)} ${'ratio'.padStart(7)}`);
    for (const [key, label, format] of METRICS) {
      const { hub, socketio, ratio } = entry[key];
      console.log(`  ${label.padEnd(24)} ${format(hub).padStart(10)} ${format(socketio).padStart(10)} ${ratio.toFixed(2).padStart(7)}`);
    }
  }
}

if (!isMainThread) await clientThread(workerData);
else if (args.serve) await serve(args.serve);
else await main();
