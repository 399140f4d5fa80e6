#!/usr/bin/env node
// Scale benchmark (issue "Past one process"): the order lookup and a stage list screen under --clients
// concurrent clients, served by `npm start` with WORKERS=1 and with WORKERS=2, on the bench:orders
// database (PostgreSQL on the same machine), in one run; reports the throughput ratio 2 workers / 1.
//
//   npm run bench:scale                                    1,000,000 orders, 50 clients, 3 rounds of 10 s
//   npm run bench:scale -- --orders 200000 --rounds 2 --duration 5
//   npm run bench:scale -- --reuse                         keep (or reuse bench:orders') seeded database
//
// Both servers run side by side; only one is loaded at a time, and which goes first alternates between
// workloads and rounds (scripts/lib/bench.mjs, runRounds). WORKERS=2 needs Redis: REDIS_URL, else the
// machine's redis://127.0.0.1:6379, with keys of this run's own.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  httpClient,
  log,
  median,
  openOrdersDatabase,
  orderLookupCall,
  runRounds,
  sampleOrderNumbers,
  signIn,
  stageListCall,
  startServer,
  LOAD_OPTIONS,
} from './lib/bench.mjs';

const { values: args } = parseArgs({
  options: {
    ...LOAD_OPTIONS,
  },
});
const ORDERS = Number(args.orders);
const CLIENTS = Number(args.clients);
const ROUNDS = Number(args.rounds);
const DURATION_MS = Number(args.duration) * 1000;
const http = httpClient(CLIENTS);
const SIDES = ['2 workers', '1 worker'];

// the same database as bench:orders: one seeding serves both
const { dbUrl, pool, close } = await openOrdersDatabase({ orders: ORDERS, reuse: args.reuse, clients: CLIENTS });

const servers = [];
try {
  const prefix = `fwd:bench:scale:${randomBytes(4).toString('hex')}:`;
  const shared = {
    REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    HUB_REDIS_PREFIX: `${prefix}hub:`,
    CLUSTER_REDIS_PREFIX: `${prefix}cluster:`,
    RATE_REDIS_PREFIX: `${prefix}rate:`,
  };
  const one = await startServer(dbUrl, { env: { ...shared, WORKERS: '1' } });
  servers.push(one);
  const two = await startServer(dbUrl, { env: { ...shared, WORKERS: '2' } });
  servers.push(two);
  // one session for both (one database): a second sign-in of the same user would end the first
  const token = await signIn(http, one.base, 'admin', 'admin123');
  const numbers = await sampleOrderNumbers(pool);
  const results = await runRounds(
    [
      { name: 'stage list', '1 worker': () => stageListCall(http, one.base, token), '2 workers': () => stageListCall(http, two.base, token) },
      {
        name: 'lookup',
        '1 worker': () => orderLookupCall(http, one.base, token, numbers),
        '2 workers': () => orderLookupCall(http, two.base, token, numbers),
      },
    ],
    { rounds: ROUNDS, clients: CLIENTS, durationMs: DURATION_MS, sides: SIDES },
  );
  console.log(
    `\n== ${ORDERS.toLocaleString()} orders, ${CLIENTS} clients, ${ROUNDS} rounds of ${DURATION_MS / 1000} s (median of per-round ratios 2 workers / 1)`,
  );
  for (const name of Object.keys(results[0])) {
    const ratio = median(results.map((r) => r[name]['2 workers'].rps / r[name]['1 worker'].rps));
    const last = results.at(-1)[name];
    const errors = results.reduce((sum, r) => sum + r[name]['2 workers'].errors + r[name]['1 worker'].errors, 0);
    console.log(
      `${name.padEnd(10)}  1 worker ${last['1 worker'].rps.toFixed(0)}/s p99 ${last['1 worker'].p99.toFixed(1)} ms, 2 workers ${last['2 workers'].rps.toFixed(0)}/s p99 ${last['2 workers'].p99.toFixed(1)} ms (last round) — throughput ratio ${ratio.toFixed(2)} (aim ≥ 1.5)${errors ? `; ERRORS ${errors}` : ''}`,
    );
  }
} catch (error) {
  console.error(error.stack ?? error);
  process.exitCode = 1;
} finally {
  for (const server of servers) server.stop();
  log('servers stopped');
  await close();
}
