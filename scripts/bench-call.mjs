#!/usr/bin/env node
// Per-call benchmark (issue 33, "the cost of one call"): what every call pays before its own work, against a
// bare NestJS 12 application on platform-express (one controller answering the same small JSON, in a process
// of its own: scripts/lib/bare-nest.mjs), beside the built product (npm start's server on a bench database).
//
//   npm run bench:call                                     50 connections, 5 rounds of 5 s per call
//   npm run bench:call -- --rounds 3 --duration 10 --connections 50
//   npm run bench:call -- --profile                        also a CPU profile of the signed-in call
//   npm run bench:call -- --profile-only --profile-call liveness   only a CPU profile, of one call (liveness, dict, query, write)
//   npm run bench:call -- --only liveness,dict             the bare route and these calls (liveness, dict, query, write)
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:call
//
// The calls, loaded one at a time with autocannon (each after an unmeasured warm-up; the order rotates from
// round to round, so the machine's drift favours none):
//  - bare:       GET /bare of the bare Nest application (the anchor);
//  - liveness:   GET /api/health/live (no sign-in, no SQL, outside the API's pipeline);
//  - dict items: GET /api/v1/dict/detail/item/currency, signed in: a dictionary's values, the call every form
//                makes (issue 33's "signed-in call with one tiny query"; its values now come from memory);
//  - one query:  GET /api/v1/user/preference/bench-call, signed in: the caller's saved setting, one tiny query;
//  - write:      PUT /api/v1/dict/item/add, signed in: a new value of a bench dictionary (the DTO's validation,
//                two reads, the insert in a transaction with its change-log row, and the request's log row
//                written before the answer leaves, as every business write).
// Reported per call: answers/s and p50/p99 (median over the rounds), the ratio to the bare route (median of the
// per-round ratios) and the server's CPU time per answer (from /proc: the product's supervisor and server
// processes, or the bare process). --profile then starts a second product server with --cpu-prof, loads it with
// the signed-in dictionary call alone, and keeps that load's samples (bench-call-<time>.cpuprofile in
// --profile-dir, for Chrome DevTools or speedscope), printing its heaviest functions, its layers (each sample counted
// for its innermost frame) and what each middleware and handler costs with what it calls (printHandlers).
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { httpClient, log, median, openBenchDatabase, repoRoot, signIn, startServer, treeCpuMs } from './lib/bench.mjs';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '5' },
    reuse: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    'profile-only': { type: 'boolean', default: false },
    'profile-dir': { type: 'string', default: tmpdir() },
    'profile-call': { type: 'string', default: 'dict' },
    only: { type: 'string' },
  },
});
const CONNECTIONS = Number(args.connections);
const DURATION_S = Number(args.duration);
const WARMUP_S = Number(args.warmup);
const ROUNDS = Number(args.rounds);

/**
 * The layers a call passes through, each known by the files of its frames; a sample counts for the layer of
 * its innermost frame that has one (a body parser's sample is the parser's, not the logger's that called
 * next() before it).
 */
const LAYERS = [
  ['garbage collection', /^\(garbage collector\)@/],
  ['request line (logging/http-logger, pino)', /\/pino\/|pino-http|http-logger/],
  ['security headers (helmet)', /helmet|security-headers/],
  ['body parsers', /body-parser|body-parsers|raw-body|type-is|content-type\//],
  ['audit request log', /request-log\.middleware|audit\.service|redaction|storable|bounded-queue|audit-writer/],
  ['request context (AsyncLocalStorage)', /async_local|request-context/],
  ['JWT check', /jsonwebtoken|@nestjs\/jwt|token\.service|\/jws\/|\/jwa\//],
  ['guard, session, grants', /access\.guard|auth\.service|grants\.service|access\.decorators|common\/params/],
  ['throttler guard', /throttler|rate-limit/],
  ['interceptors (envelope, transfer, idempotency; rxjs)', /envelope|transfer\.interceptor|idempotency\.interceptor|rxjs/],
  ['validation pipe', /common\/validation|class-validator|class-transformer/],
  ['Prisma client', /@prisma|generated\/prisma|prisma\.service|read-cache|dict\.service/],
  ['pg driver', /\/pg\/lib|pg-protocol|pg-pool/],
  ['Nest router and handler', /@nestjs\/core|@nestjs\/platform-express/],
  ['Express router', /\/router\/|\/express\/|path-to-regexp|parseurl|finalhandler/],
  ['HTTP and sockets (node)', /^(writev|writeString|writeBuffer|writeUtf8String)@|_http_|node:net|node:internal\/streams|node:events/],
];

/** The bare Nest application in a process of its own, answering `body` (JSON text). */
function startBare(body) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(repoRoot, 'scripts/lib/bare-nest.mjs'), [body], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', ({ port }) => resolve({ url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') }));
    child.once('exit', (code) => reject(new Error(`the bare Nest application exited (${code})`)));
  });
}

/** One autocannon run of `call` for `seconds`; with `pid`, that process tree's CPU time per answer. */
async function load(call, seconds, pid) {
  const cpuFrom = pid && treeCpuMs(pid);
  const result = await autocannon({ ...call, connections: CONNECTIONS, duration: seconds });
  const answers = result.requests.total - result.non2xx;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMs: pid && answers ? (treeCpuMs(pid) - cpuFrom) / answers : undefined,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** A frame of Express's router, or of common/middleware-chain.ts's step: what calls a middleware or a route's handler. */
const DISPATCH = /node_modules\/router\/|middleware-chain\.js$/;

/** A function as the reports name it: its name, its file from the repository's root and its line. */
const frameName = ({ functionName, url, lineNumber }) =>
  `${functionName || '(anonymous)'} ${url.replace(/^file:\/\//, '').replace(`${repoRoot}/`, '')}:${lineNumber + 1}`;

const BENCH_DICT = 'benchCall';
const body = JSON.stringify({ value: { columns: ['orderNo', 'customer', 'stage'], widths: [160, 220, 120] } });
const signedIn = (token) => ({ authorization: `Bearer ${token}` });

/** The product's calls by the keys --only and --profile-call take. */
const CALL_KEYS = ['liveness', 'dict', 'query', 'write'];
/** The values the write adds (a second add of one value is refused): counted on from those already there. */
let written = 0;
/** The call `key` on the server at `base` (…/api/v1), signed in with `token`: its name and autocannon request. */
function productCall(key, base, token) {
  const calls = {
    liveness: { name: 'liveness', request: { url: `${new URL(base).origin}/api/health/live` } },
    dict: { name: 'signed in, dict items', request: { url: `${base}/dict/detail/item/currency`, headers: signedIn(token) } },
    query: { name: 'signed in, one query', request: { url: `${base}/user/preference/bench-call`, headers: signedIn(token) } },
    write: {
      name: 'signed in, write',
      request: {
        url: `${base}/dict/item/add`,
        method: 'PUT',
        headers: { ...signedIn(token), 'content-type': 'application/json' },
        requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ dictCode: BENCH_DICT, dictName: 'v', value: `v${++written}`, sort: 0 }) }) }],
      },
    },
  };
  return calls[key];
}
const ONLY = args.only?.split(',');
for (const key of [...(ONLY ?? []), args['profile-call']]) {
  if (CALL_KEYS.includes(key)) continue;
  console.error(`no call "${key}" (calls: ${CALL_KEYS.join(', ')})`);
  process.exit(2);
}

const { dbUrl, close } = await openBenchDatabase({ name: 'call', reuse: args.reuse, clients: 2, isFilled: async () => true, fill: async () => {} });
const stops = [];
try {
  const product = await startServer(dbUrl);
  stops.push(product.stop);
  const origin = new URL(product.base).origin;
  const http = httpClient(2);
  const bare = await startBare(JSON.stringify(await http.call('GET', `${origin}/api/health/live`)));
  stops.push(bare.stop);
  log(`bare Nest pid ${bare.pid} at ${bare.url}`);
  const token = await signIn(http, product.base, 'admin', 'admin123');
  await http.call('PUT', `${product.base}/user/preference/bench-call`, token, JSON.parse(body));
  // the dictionary the write adds values to (there already when the database is reused)
  await http.call('PUT', `${product.base}/dict/add`, token, { dictCode: BENCH_DICT, dictName: 'bench:call' }).catch(() => {});
  written = Number((await http.call('GET', `${product.base}/dict/detail/item/${BENCH_DICT}`, token)).data.length);

  const calls = [
    { name: 'bare Nest route', pid: bare.pid, request: { url: `${bare.url}/bare` } },
    ...CALL_KEYS.filter((key) => !ONLY || ONLY.includes(key)).map((key) => ({ ...productCall(key, product.base, token), pid: product.pid })),
  ];
  const rounds = [];
  for (let round = 0; round < (args['profile-only'] ? 0 : ROUNDS); round++) {
    log(`round ${round + 1}/${ROUNDS}`);
    const results = {};
    // the order rotates: every call goes first (and last) as often as the others
    for (let i = 0; i < calls.length; i++) {
      const call = calls[(i + round) % calls.length];
      if (WARMUP_S > 0) await load(call.request, WARMUP_S);
      const r = await load(call.request, DURATION_S, call.pid);
      results[call.name] = r;
      log(
        `  ${call.name.padEnd(22)} ${r.rps.toFixed(0).padStart(6)}/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms` +
          `  CPU ${r.cpuMs?.toFixed(3) ?? '?'} ms/answer${r.failed ? `  FAILED ${r.failed}` : ''}`,
      );
    }
    rounds.push(results);
  }

  if (rounds.length) report(rounds);
  if (args.profile || args['profile-only']) {
    product.stop();
    stops.splice(stops.indexOf(product.stop), 1);
    await profileCall();
  }
} catch (error) {
  console.error(error.stack ?? error);
  process.exitCode = 1;
} finally {
  for (const stop of stops) stop();
  await close();
}

/** The summary of the rounds: per call the medians, the ratio to the bare route and the CPU per answer. */
function report(rounds) {
  const calls = Object.keys(rounds[0]);
  const anchor = 'bare Nest route';
  console.log(
    `\n== the cost of one call: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s (medians; ratio = median of per-round ratios to the bare route)`,
  );
  console.log(`${'call'.padEnd(22)}  ${'answers/s'.padStart(9)}  ${'ratio'.padStart(5)}  ${'p50 ms'.padStart(6)}  ${'p99 ms'.padStart(6)}  CPU ms/answer`);
  let failed = 0;
  for (const name of calls) {
    const of = (figure) => median(rounds.map((r) => r[name][figure]));
    const ratio = median(rounds.map((r) => r[name].rps / r[anchor].rps));
    const cpu = rounds.every((r) => r[name].cpuMs !== undefined) ? of('cpuMs').toFixed(3) : '?';
    failed += rounds.reduce((sum, r) => sum + r[name].failed, 0);
    console.log(
      `${name.padEnd(22)}  ${of('rps').toFixed(0).padStart(9)}  ${ratio.toFixed(2).padStart(5)}  ${of('p50').toFixed(0).padStart(6)}  ${of('p99').toFixed(0).padStart(6)}  ${cpu}`,
    );
  }
  console.log('targets (issue 33): liveness ≥ 0.9, signed-in call ≥ 0.4 of the bare route');
  if (failed) {
    console.log(`FAILED answers (not 2xx, errors or timeouts): ${failed}`);
    process.exitCode = 1;
  }
}

/**
 * A second product server with --cpu-prof: warmed up, then loaded with the profiled call (--profile-call); the
 * profile it writes when stopped is cut to the samples of that load (startup and warm-up left out).
 */
async function profileCall() {
  const dir = path.join(tmpdir(), `fwd-bench-call-prof-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const server = await startServer(dbUrl, { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
  const http = httpClient(2);
  const token = await signIn(http, server.base, 'admin', 'admin123');
  const { name, request } = productCall(args['profile-call'], server.base, token);
  await load(request, Math.max(2, WARMUP_S));
  // V8's profile clock is CLOCK_MONOTONIC in µs, as process.hrtime here
  const from = Number(process.hrtime.bigint() / 1000n);
  const r = await load(request, DURATION_S, server.pid);
  const to = Number(process.hrtime.bigint() / 1000n);
  log(`profiled load: ${r.rps.toFixed(0)}/s, server CPU ${r.cpuMs?.toFixed(3)} ms/answer`);
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      try {
        process.kill(server.pid, 0);
      } catch {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    server.stop();
  });
  // the supervisor writes a profile too: the server's is the one busy during the load
  const busy = (p) => {
    const idle = new Set(p.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id));
    return p.samples.filter((id) => !idle.has(id)).length;
  };
  const trimmed = readdirSync(dir)
    .map((name) => trimProfile(JSON.parse(readFileSync(path.join(dir, name), 'utf8')), from, to))
    .sort((a, b) => busy(b) - busy(a))[0];
  rmSync(dir, { recursive: true, force: true });
  if (!trimmed) return log('no profile was written');
  mkdirSync(args['profile-dir'], { recursive: true });
  const out = path.join(args['profile-dir'], `bench-call-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
  writeFileSync(out, JSON.stringify(trimmed));
  log(`CPU profile of ${name}: ${out}`);
  printHeaviest(trimmed, name);
  if (r.cpuMs !== undefined) {
    printLayers(trimmed, r.cpuMs, name);
    printHandlers(trimmed, r.cpuMs, name);
  }
}

/** A profile's nodes by id, each node's parent, and its busy samples (the idle ones left out). */
function profileTree(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const samples = profile.samples.filter((id) => byId.get(id).callFrame.functionName !== '(idle)');
  return { byId, parent, samples };
}

/**
 * What each middleware and route handler costs, counted as its own with what it calls (Node's `setHeader`, a
 * listener added, a parse) but not what it hands on with `next()`: a sample is the handler's whose frame, the
 * first found from the sample up that was called by the router or the middleware chain, is innermost. The
 * layers above count a sample by its innermost frame alone (a header's validation is Node's there). A route's
 * handler counts its answer's writing (Express's `json`, Node's headers and socket). What a handler does after its
 * first await runs from the microtask queue, outside the router: for Nest's routes (guards, interceptors, the
 * handler) most of the call is there, and this view is for the synchronous middlewares every answer passes.
 */
function printHandlers(profile, cpuMs, name) {
  const { byId, parent, samples } = profileTree(profile);
  const tally = new Map();
  for (const id of samples) {
    let key = 'outside the router (HTTP parsing, the close of the response, garbage collection, timers)';
    if (DISPATCH.test(byId.get(id).callFrame.url)) key = 'the router and the middleware chain, their own walk';
    else
      for (let at = id; parent.has(at); at = parent.get(at)) {
        if (!DISPATCH.test(byId.get(parent.get(at)).callFrame.url)) continue;
        key = frameName(byId.get(at).callFrame);
        break;
      }
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  console.log(`\n== ${name} by middleware and handler: each with what it calls, not what it hands on (µs of CPU per answer)`);
  for (const [key, n] of [...tally].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    console.log(`${((1000 * n * cpuMs) / samples.length).toFixed(1).padStart(6)} µs  ${key}`);
  }
}

/** Each layer's share of the busy samples, and of the server's CPU time per answer (`cpuMs`, from /proc). */
function printLayers(profile, cpuMs, name) {
  const { byId, parent, samples } = profileTree(profile);
  const tally = new Map();
  for (const id of samples) {
    let layer = 'other';
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url } = byId.get(at).callFrame;
      const found = LAYERS.find(([, pattern]) => pattern.test(`${functionName}@${url}`));
      if (found) {
        layer = found[0];
        break;
      }
    }
    tally.set(layer, (tally.get(layer) ?? 0) + 1);
  }
  console.log(`\n== ${name} by layer: share of the busy samples, and of the server's ${cpuMs.toFixed(3)} ms of CPU per answer`);
  for (const [layer, n] of [...tally].sort((a, b) => b[1] - a[1])) {
    console.log(`${((100 * n) / samples.length).toFixed(1).padStart(5)} %  ${((n / samples.length) * cpuMs).toFixed(3)} ms  ${layer}`);
  }
}

/** The profile's samples between `from` and `to` (µs, the profile's clock). */
function trimProfile(profile, from, to) {
  const samples = [];
  const timeDeltas = [];
  let at = profile.startTime;
  let last = from;
  profile.samples.forEach((sample, i) => {
    at += profile.timeDeltas[i];
    if (at < from || at > to) return;
    samples.push(sample);
    timeDeltas.push(at - last);
    last = at;
  });
  return { ...profile, startTime: from, endTime: to, samples, timeDeltas };
}

/** The 25 functions with the most samples of their own, and where they are. */
function printHeaviest(profile, name) {
  const { byId, samples } = profileTree(profile);
  const self = new Map();
  for (const id of samples) {
    const key = frameName(byId.get(id).callFrame);
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  const total = samples.length;
  console.log(`\n== heaviest functions of ${name} (self time, ${total} busy samples)`);
  for (const [key, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${((100 * n) / total).toFixed(1).padStart(5)} %  ${key}`);
}
