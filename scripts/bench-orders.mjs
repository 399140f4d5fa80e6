#!/usr/bin/env node
// Orders benchmark (issue "Orders", performance): a database of 1,000,000 orders (with their timeline
// events and work records), the API against the same SQL run directly with `pg`, in one run.
//
//   npm run bench:orders                                   1,000,000 orders, 50 clients, 3 rounds of 10 s
//   npm run bench:orders -- --orders 200000 --rounds 2 --duration 5
//   npm run bench:orders -- --reuse                        keep the seeded database between runs
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:orders
//
// Workloads, each under --clients concurrent clients for --duration seconds, API and direct alternating
// within a round (the machine drifts over minutes; ratios are per round, the median is reported), each API
// side also with the server's CPU time per answer (from /proc: steadier than throughput when the machine drifts):
//  - stage list: POST /order/list { shipType, view: <stage> } 20 rows sorted by date, a random page of the
//    first ten — direct: the page query, its total (order_count's rows) and the names statement the service makes;
//  - lookup:     GET /order/no/detail/{orderNo} of a random order — direct: the service's queries (the order
//    by its number, then the names statement of OrdersService.named).
//  - floor:      GET /dict/detail/item/currency, a signed-in call with one tiny query (lib/bench.mjs floorWorkload):
//    its API throughput over a workload's direct throughput is the ceiling of that workload's ratio on this machine;
//  - floor (health/live): the liveness answer, no sign-in and no SQL (httpFloorWorkload): what HTTP alone allows.
// Export: POST /order/waybill/excel of 100,000 air orders (waybills are an air-line document), streamed; the server's RSS sampled every 50 ms.
// Reference: the same rows written by exceljs's streaming WorkbookWriter straight from `pg` in a child
// process of its own (its RSS sampled the same way). --export-rounds (3) alternate the two; reported: the
// median speed ratio, the server's largest RSS growth during an export, and its RSS at rest (10 idle s)
// after the list load and after the exports.
// The shared pieces (database, server, sign-in, load runner, report, RSS, xlsx) are in scripts/lib/bench.mjs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { backendModule } from './lib/lifecycle.mjs';
import {
  countXlsxRows,
  directNames,
  floorWorkload,
  forkReference,
  httpFloorWorkload,
  httpClient,
  inTempDir,
  log,
  median,
  openOrdersDatabase,
  orderLookupCall,
  pick,
  randomStageQuery,
  ratioReport,
  restingRss,
  rssByQuarter,
  sampledDownload,
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
    'export-rows': { type: 'string', default: '100000' },
    'export-rounds': { type: 'string', default: '3' },
    'reference-export': { type: 'string' },
  },
});

// ---------------------------------------------------------------------------------------------------
// Child mode: the export reference (exceljs WorkbookWriter fed by pg), alone in its process.
if (args['reference-export']) {
  await referenceExport(JSON.parse(args['reference-export']));
  process.exit(0);
}

const ORDERS = Number(args.orders);
const CLIENTS = Number(args.clients);
const DURATION_MS = Number(args.duration) * 1000;
const ROUNDS = Number(args.rounds);
const EXPORT_ROWS = Number(args['export-rows']);
const EXPORT_ROUNDS = Number(args['export-rounds']);
const http = httpClient(CLIENTS);

const { dbUrl, pool, close } = await openOrdersDatabase({ orders: ORDERS, reuse: args.reuse, clients: CLIENTS });
let server;
async function cleanup() {
  server?.stop();
  await close();
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

// ---------------------------------------------------------------------------------------------------
// Workloads.

async function sampleData() {
  return { numbers: await sampleOrderNumbers(pool) };
}
const apiList = (base, token) => stageListCall(http, base, token);
const apiLookup = (base, token, sample) => orderLookupCall(http, base, token, sample.numbers);

// The queries the service makes for one answer (see OrdersService.list / named / detailByNo).
/** OrdersService.detailByNo's statement for a caller who sees every order (the order's fields under their Prisma names). */
const { columnsOf } = await backendModule('prisma/prisma.service.js');
const { Prisma } = await backendModule('generated/prisma/client.js');
const lookupSql = `select ${columnsOf(Prisma.OrderScalarFieldEnum).text} from orders where order_no = $1 limit 1`;
// the names as OrdersService.named reads them: one statement for the page's customers, salesmen and ports
const names = (rows) =>
  directNames(pool, {
    customers: rows.map((r) => r.customer_id),
    users: rows.map((r) => r.salesman_id),
    ports: rows.flatMap((r) => [r.origin_port_id, r.destination_port_id]),
  });
async function directList() {
  const q = randomStageQuery();
  const [page] = await Promise.all([
    pool.query(`select * from orders where ship_type = $1 and stage = $2 and side_state is null order by created_at desc, id desc limit 20 offset $3`, [
      q.shipType,
      q.view,
      (q.page - 1) * 20,
    ]),
    // the total as the service reads it: order_count, kept by triggers on orders (docs/orders.md, Totals)
    pool.query(`select coalesce(sum(n), 0)::int as n from order_count where ship_type = $1 and bucket = $2`, [q.shipType, q.view]),
  ]);
  await names(page.rows);
}
async function directLookup(sample) {
  const { rows } = await pool.query(lookupSql, [pick(sample.numbers)]);
  // the lookup's row carries the fields under their Prisma names; names() reads the columns' own
  await names(
    rows.map((r) => ({ customer_id: r.customerId, salesman_id: r.salesmanId, origin_port_id: r.originPortId, destination_port_id: r.destinationPortId })),
  );
}

// ---------------------------------------------------------------------------------------------------
// Export: 100,000 orders through the API (streamed), and the reference in a process of its own.

async function exportRun(token) {
  const cutoff = (
    await pool.query(
      `select created_at from orders where ship_type = 'airtransport' and side_state is distinct from 'delete' order by created_at desc, id desc offset $1 limit 1`,
      [EXPORT_ROWS - 1],
    )
  ).rows[0]?.created_at;
  if (!cutoff) return log('export skipped: not enough airtransport orders');
  const filter = { shipType: 'airtransport', view: 'all', createdFrom: cutoff.toISOString() };
  const expected = Number(
    (await pool.query(`select count(*) from orders where ship_type = 'airtransport' and side_state is distinct from 'delete' and created_at >= $1`, [cutoff]))
      .rows[0].count,
  );
  // the server at rest after the list load; then the API's export and the reference alternate (which goes
  // first alternates too: the machine drifts), the server's RSS sampled during each export; then at rest again
  const restBefore = await restingRss(server.serverPid());
  return inTempDir('fwd-bench-export-', async (dir) => {
    const rounds = [];
    for (let round = 1; round <= EXPORT_ROUNDS; round++) {
      const api = async () => {
        const apiFile = path.join(dir, 'api.xlsx');
        const { answer, ms, rss } = await sampledDownload(http, server, token, '/order/waybill/excel', filter, apiFile);
        if (answer.status !== 200) throw new Error(`POST /order/waybill/excel answered ${answer.status} ${answer.text ?? ''}`);
        const rows = await countXlsxRows(apiFile);
        if (rows !== expected) throw new Error(`the API's export holds ${rows} rows, not ${expected}`);
        return { ms, rss };
      };
      const reference = () =>
        forkReference(fileURLToPath(import.meta.url), 'reference-export', { dbUrl, cutoff: cutoff.toISOString(), file: path.join(dir, 'ref.xlsx') });
      const [apiSide, referenceSide] = round % 2 ? [await api(), await reference()] : [null, await reference()];
      const result = { api: apiSide ?? (await api()), reference: referenceSide };
      result.speed = result.reference.ms / result.api.ms;
      result.growth = result.api.rss.peakMb - result.api.rss.startMb;
      rounds.push(result);
      log(
        `export ${round}/${EXPORT_ROUNDS}: API ${(result.api.ms / 1000).toFixed(1)} s, RSS ${result.api.rss.startMb.toFixed(0)} → peak ${result.api.rss.peakMb.toFixed(0)} MB (by quarter ${rssByQuarter(
          result.api.rss.samples,
        )
          .map((mb) => mb.toFixed(0))
          .join(
            ' / ',
          )}); reference ${(result.reference.ms / 1000).toFixed(1)} s, peak ${result.reference.peakMb.toFixed(0)} MB; speed ${result.speed.toFixed(2)}`,
      );
    }
    const restAfter = await restingRss(server.serverPid());
    // npm start's supervisor beside it (it forks the server and watches it; nothing of a request passes through it)
    const supervisor = await restingRss(server.pid, 1_000);
    const speed = median(rounds.map((r) => r.speed));
    const growth = Math.max(...rounds.map((r) => r.growth));
    const rest = Math.max(restBefore.lastMb, restAfter.lastMb);
    const verdict = (ok) => (ok ? 'ok' : 'OVER');
    console.log(`\n== xlsx export of ${expected.toLocaleString()} orders (POST /order/waybill/excel, streamed; ${EXPORT_ROUNDS} rounds beside the reference)`);
    console.log(
      `API:       ${(median(rounds.map((r) => r.api.ms)) / 1000).toFixed(1)} s median (${Math.round((expected / median(rounds.map((r) => r.api.ms))) * 1000).toLocaleString()} rows/s), every file read back whole`,
    );
    console.log(
      `reference: ${(median(rounds.map((r) => r.reference.ms)) / 1000).toFixed(1)} s median (exceljs WorkbookWriter from pg, own process), peak RSS ${Math.max(...rounds.map((r) => r.reference.peakMb)).toFixed(0)} MB`,
    );
    console.log(`speed API/reference: ${speed.toFixed(2)} (median of the rounds; target ≥ 0.7) ${verdict(speed >= 0.7)}`);
    console.log(`server RSS growth during an export: ${growth.toFixed(0)} MB (the largest of the rounds; target ≤ 80) ${verdict(growth <= 80)}`);
    console.log(
      `server RSS at rest (10 idle s): ${restBefore.lastMb.toFixed(0)} MB after the list load, ${restAfter.lastMb.toFixed(0)} MB after the exports (target < 250) ${verdict(rest < 250)}` +
        `; npm start's supervisor beside it ${supervisor.lastMb.toFixed(0)} MB`,
    );
  });
}

async function referenceExport({ dbUrl: url, cutoff, file }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
  const sheet = book.addWorksheet('waybills');
  sheet
    .addRow([
      'order no',
      'waybill no',
      'line',
      'stage',
      'customer',
      'shipping mark',
      'goods',
      'packages',
      'gross weight',
      'volume',
      'chargeable',
      'container',
      'seal',
      'vessel',
      'flight',
      'etd',
      'eta',
      'bill of lading',
      'customs',
      'created',
    ])
    .commit();
  let lastId = 0;
  for (;;) {
    const { rows } = await client.query(
      `select o.*, c.company_name from orders o join customer c on c.id = o.customer_id
        where o.ship_type = 'airtransport' and o.side_state is distinct from 'delete' and o.created_at >= $1 and o.id > $2 order by o.id limit 1000`,
      [cutoff, lastId],
    );
    if (!rows.length) break;
    for (const r of rows) {
      sheet
        .addRow([
          r.order_no,
          r.waybill_no,
          r.ship_type,
          r.stage,
          r.company_name,
          r.shipping_mark,
          r.goods_name,
          r.packages,
          Number(r.gross_weight),
          Number(r.volume),
          Number(r.chargeable_weight),
          r.container_no,
          r.seal_no,
          r.vessel_voyage,
          r.flight_no,
          r.etd,
          r.eta,
          r.bill_of_lading_no,
          r.customs_declaration_no,
          r.created_at,
        ])
        .commit();
    }
    lastId = rows.at(-1).id;
  }
  await sheet.commit();
  await book.commit();
  await client.end();
}

// Everything above is declared; run.
try {
  server = await startServer(dbUrl);
  const token = await signIn(http, server.base, 'admin', 'admin123');
  const sample = await sampleData();
  const results = await runRounds(
    [
      { name: 'list', api: () => apiList(server.base, token), direct: directList },
      { name: 'lookup', api: () => apiLookup(server.base, token, sample), direct: () => directLookup(sample) },
      floorWorkload(http, server.base, token, pool),
      httpFloorWorkload(http, server.base, pool),
    ],
    { rounds: ROUNDS, clients: CLIENTS, durationMs: DURATION_MS, cpuPids: { api: server.pid } },
  );
  ratioReport(`${ORDERS.toLocaleString()} orders, ${CLIENTS} clients, ${ROUNDS} rounds of ${DURATION_MS / 1000} s`, results);
  // what the stack alone allows: each floor's API throughput over each workload's direct throughput
  for (const name of ['list', 'lookup'])
    for (const floor of ['floor (dict items)', 'floor (health/live)']) {
      const ceiling = median(results.map((r) => r[floor].api.rps / r[name].direct.rps));
      log(`ceiling ${name}: ${floor} answers ${ceiling.toFixed(2)}× the direct ${name}'s throughput`);
    }
  await exportRun(token);
} catch (error) {
  console.error(error.stack ?? error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
