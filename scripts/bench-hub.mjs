#!/usr/bin/env node
// Hub fan-out benchmark: N real @microsoft/signalr clients on WebSockets against our hub, and the same
// run against a plain socket.io 4.8 server (the yardstick), each
// server alone in a child process so that its memory can be read. Loopback only.
//
//   npm run bench:hub                         1,000 then 5,000 clients, 3 rounds each
//   npm run bench:hub -- --clients 1000 --rounds 5 --broadcasts 30
//   npm run bench:hub -- --skip-negotiation   hub clients open the WebSocket directly, as socket.io's do
//
// Per round and server: time to connect all clients, delivery latency of each broadcast to each client
// (from the moment the server starts the broadcast to the client's handler), how long the broadcast
// call holds the server's event loop, and the server's RSS / heap growth per connection. The two servers
// alternate within a round (machines drift over minutes); ratios are taken per round, reported as the
// median of the rounds. The hub runs with a trivial authenticator (bench only): token "user-<n>".
import { fork } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EVENT = 'ReceiveMessage';
const CONNECT_CONCURRENCY = 100;
const DELIVERY_TIMEOUT_MS = 20_000;
const MAX_CLIENTS = 10_000;
const MAX_ROUNDS = 10;
const MAX_BROADCASTS = 200;

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000,5000' },
    rounds: { type: 'string', default: '3' },
    broadcasts: { type: 'string', default: '20' },
    'skip-negotiation': { type: 'boolean', default: false },
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
// Parent: compile the hub, then run the rounds.

async function main() {
  const sizes = args.clients.split(',').map((value) => bounded(value, 1, MAX_CLIENTS, '--clients'));
  const rounds = bounded(args.rounds, 1, MAX_ROUNDS, '--rounds');
  const broadcasts = bounded(args.broadcasts, 1, MAX_BROADCASTS, '--broadcasts');
  await compileHub();
  const signalR = await import('@microsoft/signalr');
  const { io } = await import('socket.io-client');

  console.log(`hub fan-out benchmark: ${sizes.join(', ')} clients, ${rounds} rounds of ${broadcasts} broadcasts, Node ${process.version}`);
  const report = [];
  for (const size of sizes) {
    const results = { hub: [], socketio: [] };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ['hub', 'socketio'] : ['socketio', 'hub'];
      for (const kind of order) {
        const result = await runOnce(kind, size, broadcasts, { signalR, io });
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

async function runOnce(kind, size, broadcasts, libraries) {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', kind], { execArgv: ['--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const inbox = messages(child);
  try {
    const { port } = await inbox.next('ready');
    const url = `http://127.0.0.1:${port}`;
    child.send({ cmd: 'memory' });
    const before = await inbox.next('memory');

    const latencies = [];
    const seen = new Map(); // seq -> deliveries
    const onMessage = (payload) => {
      latencies.push(now() - payload.sentAt);
      seen.set(payload.seq, (seen.get(payload.seq) ?? 0) + 1);
    };
    const connectStarted = performance.now();
    const clients =
      kind === 'hub' ? await connectHubClients(libraries.signalR, url, size, onMessage) : await connectSocketIoClients(libraries.io, url, size, onMessage);
    const connectSeconds = (performance.now() - connectStarted) / 1000;

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

async function connectHubClients(signalR, url, size, onMessage) {
  const connections = await inBatches(size, async (i) => {
    const connection = new signalR.HubConnectionBuilder()
      .withUrl(`${url}/chathub`, {
        transport: signalR.HttpTransportType.WebSockets,
        skipNegotiation: args['skip-negotiation'],
        accessTokenFactory: () => `user-${i}`,
      })
      .configureLogging(signalR.LogLevel.Error)
      .build();
    connection.on(EVENT, onMessage);
    await connection.start();
    return connection;
  });
  return { close: () => inBatches(connections.length, (i) => connections[i].stop()) };
}

async function connectSocketIoClients(io, url, size, onMessage) {
  const sockets = await inBatches(
    size,
    (i) =>
      new Promise((resolve, reject) => {
        const socket = io(url, { transports: ['websocket'], auth: { token: `user-${i}` }, reconnection: false, forceNew: true });
        socket.on(EVENT, onMessage);
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      }),
  );
  return { close: async () => sockets.forEach((socket) => socket.disconnect()) };
}

/** Runs task(0..count-1) with at most CONNECT_CONCURRENCY in flight; resolves to the results in order. */
async function inBatches(count, task) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONNECT_CONCURRENCY, count) }, worker));
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

if (args.serve) await serve(args.serve);
else await main();
