// What the benchmarks (scripts/bench-*.mjs) share: the database they seed, the product started on it,
// signing in, the concurrent load runner and its ratio report, the RSS sampler, downloads and xlsx
// row counting, and a reference run in a process of its own.
//
// The rule of measuring: the machine drifts, so every figure is a ratio to a reference run beside ours
// in the same run.
import { execFileSync, fork, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import forge from 'node-forge';
import pg from 'pg';
import { createDatabase, databaseExists, dropDatabase, freePort, repoRoot, startEmbeddedPostgres, withDatabase } from './database.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-runtime.mjs';
import { backendModule, migrate, seed } from './lifecycle.mjs';

export { repoRoot };

export const log = (...parts) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...parts);
export const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** An integer in [from, to]. */
export const between = (from, to) => from + Math.floor(Math.random() * (to - from + 1));

// ---------------------------------------------------------------------------------------------------
// SQL text with numbered parameters, built like Prisma.sql builds the services' raw queries: every
// interpolated value is a new `$n` (fragments nest), so the direct side sends the service's own statement.

const SQL = Symbol('sql');
export function sql(strings, ...values) {
  return { [SQL]: true, strings: [...strings], values };
}
export const rawSql = (text) => sql([text]);
/** `{ text, values }` for pg. */
export function toQuery(fragment) {
  const values = [];
  const render = (f) =>
    f.strings.reduce((text, part, i) => {
      if (i === 0) return part;
      const value = f.values[i - 1];
      if (value && value[SQL]) return text + render(value) + part;
      values.push(value);
      return `${text}$${values.length}${part}`;
    }, '');
  return { text: render(fragment), values };
}

// ---------------------------------------------------------------------------------------------------
// The database: an embedded PostgreSQL in the temp folder (or the server BENCH_DATABASE_URL names) with
// one database per benchmark, migrated, with the demo staff, filled by the benchmark.

/**
 * Opens the bench database `name`: reused when `reuse` and `isFilled(pool)` says it holds the data,
 * else dropped, migrated, seeded with the demo staff and filled by `fill(pool)`.
 * Returns `{ dbUrl, pool, close }` (the pool has `clients` connections).
 */
export async function openBenchDatabase({ name, reuse, clients, isFilled, fill }) {
  let embedded;
  let serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    // --reuse keeps one cluster per benchmark; other runs get a cluster of their own (several may run at once), removed at the end
    const dataDir = path.join(tmpdir(), reuse ? `fwd-bench-${name}-pg` : `fwd-bench-${name}-pg-${process.pid}`);
    if (reuse && existsSync(path.join(dataDir, 'postmaster.pid'))) {
      const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (existsSync(`/proc/${pid}`)) throw new Error(`${dataDir} is in use by another run (postgres pid ${pid}); wait for it or run without --reuse`);
    }
    if (!reuse) rmSync(dataDir, { recursive: true, force: true });
    for (const stale of readdirSync(tmpdir())) {
      const owner = new RegExp(`^fwd-bench-${name}-pg-(\\d+)$`).exec(stale)?.[1];
      if (owner && !existsSync(`/proc/${owner}`)) rmSync(path.join(tmpdir(), stale), { recursive: true, force: true }); // left by a run that crashed
    }
    embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: reuse });
    serverUrl = embedded.url('postgres');
  }
  const dbUrl = withDatabase(serverUrl, `fwd_bench_${name}`);
  const open = () => {
    const created = new pg.Pool({ connectionString: dbUrl, max: clients });
    created.on('error', (error) => log(`database connection lost: ${error.message}`)); // an idle client's error must not end the run
    return created;
  };
  let pool = null;
  const close = async () => {
    await pool?.end().catch(() => {});
    await embedded?.stop().catch(() => {});
  };
  try {
    if (reuse && (await databaseExists(dbUrl))) {
      pool = open();
      if (await isFilled(pool)) {
        log(`reusing ${new URL(dbUrl).pathname.slice(1)}`);
        return { dbUrl, pool, close };
      }
      await pool.end();
    }
    await dropDatabase(dbUrl);
    await createDatabase(dbUrl);
    log('migrating and loading the demo staff');
    migrate(dbUrl);
    await seed(dbUrl, { log: () => {} });
    pool = open();
    await fill(pool);
    return { dbUrl, pool, close };
  } catch (error) {
    await close();
    console.error(`the bench database could not be prepared: ${error.stack ?? error}`);
    process.exit(1);
  }
}

export const SHIP_TYPES = ['smallbag', 'dedicatedline', 'airtransport'];
export const STAGES = [
  'created',
  'warehouse',
  'prepareCabinet',
  'completeCabinet',
  'customs',
  'sail',
  'arriveCabinet',
  'dismantleCabinet',
  'startDelivery',
  'completeDelivery',
  'brokerage',
];

/**
 * Bulk-loads orders with generate_series: `customers` approved customers spread over the salesmen (the
 * demo staff plus `salesmen` extra bench salesmen), 3 origin / 8 destination ports per line, then
 * `orders` orders numbered `${prefix}00000001…` created over the last `days` days (newest first by
 * number: order i is i % days days old), the lines in turn, the stages evenly, 3 % held and 1 % voided.
 * With `history`, each order's timeline events (2) and work record (1).
 */
export async function seedOrders(db, { orders, days = 365, customers = 2000, salesmen = 0, prefix = 'BN', history = true }) {
  const started = Date.now();
  if (salesmen > 0) {
    // bench salesmen (they never sign in: the password hash is the demo salesman's)
    await db.query(
      `insert into app_user (account, password_hash, full_name, job_no, duty, updated_at)
       select 'bsales' || lpad(i::text, 3, '0'), (select password_hash from app_user where account = 'sales01'), '销售' || lpad(i::text, 3, '0'), 'BS' || lpad(i::text, 4, '0'), '销售', now()
         from generate_series(1, $1::int) as i`,
      [salesmen],
    );
  }
  await db.query(
    `insert into customer (code, company_name, contact_name, salesman_id, review_status, level, created_by, updated_at)
     select 'BC' || lpad(i::text, 6, '0'), 'Bench Customer ' || i, 'Contact ' || i, (u.ids)[i % array_length(u.ids, 1) + 1], 'approved', (array['A', 'B', 'C'])[i % 3 + 1], 1, now()
       from generate_series(1, $1::int) as i, (select array_agg(id order by id) as ids from app_user) as u`,
    [customers],
  );
  const ports = {};
  for (const line of SHIP_TYPES) {
    const insert = (kind, count) =>
      db.query(
        `insert into port (ship_type, kind, code, name_zh, name_en, country, updated_at)
         select $1::text, $2::text, upper(left($2::text, 1)) || 'P' || i, '港口' || i, 'Port ' || i, 'CN', now() from generate_series(1, $3::int) as i returning id`,
        [line, kind, count],
      );
    ports[line] = { start: (await insert('start', 3)).rows.map((r) => r.id), end: (await insert('end', 8)).rows.map((r) => r.id) };
  }
  const chunk = 100_000;
  for (let from = 1; from <= orders; from += chunk) {
    const to = Math.min(orders, from + chunk - 1);
    // i % 3 picks the line, (i / 3) % 11 the stage; 3 % held, 1 % voided; created over the last `days` days.
    await db.query(
      `insert into orders (order_no, ship_type, stage, side_state, side_reason, customer_id, salesman_id, origin_port_id, destination_port_id,
         goods_name, packages, gross_weight, volume, chargeable_weight, shipping_mark, container_no, seal_no, vessel_voyage, flight_no, etd,
         waybill_no, bill_of_lading_no, customs_declaration_no, created_by, ver, created_at, updated_at)
       select $12::text || lpad(i::text, 8, '0'),
              ($3::text[])[i % 3 + 1],
              ($4::text[])[(i / 3) % 11 + 1],
              case when i % 100 = 7 then 'abnormal' when i % 100 = 8 then 'detain' when i % 100 = 9 then 'delete' when i % 100 = 10 then 'abnormal' end,
              case when i % 100 between 7 and 10 then 'bench' end,
              (c.ids)[i % array_length(c.ids, 1) + 1], (c.sids)[i % array_length(c.ids, 1) + 1],
              case i % 3 when 0 then ($5::int[])[i % array_length($5::int[], 1) + 1] when 1 then ($7::int[])[i % array_length($7::int[], 1) + 1] else ($9::int[])[i % array_length($9::int[], 1) + 1] end,
              case i % 3 when 0 then ($6::int[])[i % array_length($6::int[], 1) + 1] when 1 then ($8::int[])[i % array_length($8::int[], 1) + 1] else ($10::int[])[i % array_length($10::int[], 1) + 1] end,
              'Goods ' || (i % 997), 1 + i % 40, 10 + (i % 5000) / 3.0, 0.05 + (i % 300) / 100.0, 10 + (i % 5000) / 3.0,
              $12::text || '-' || i,
              case when (i / 3) % 11 >= 3 and i % 3 <> 2 then 'MSCU' || lpad((i / 50)::text, 7, '0') end,
              case when (i / 3) % 11 >= 3 and i % 3 <> 2 then 'S' || (i / 50) end,
              case when (i / 3) % 11 >= 5 and i % 3 <> 2 then 'MSC ANNA ' || (i / 500) end,
              case when (i / 3) % 11 >= 5 and i % 3 = 2 then 'CA' || (1000 + i % 900) end,
              case when (i / 3) % 11 >= 5 then now() - (i % $11::int) * interval '1 day' + interval '3 days' end,
              case when (i / 3) % 11 >= 3 and i % 3 = 2 then '999-' || lpad(i::text, 8, '0') end,
              case when (i / 3) % 11 >= 5 and i % 3 <> 2 then 'BL' || lpad(i::text, 10, '0') end,
              case when (i / 3) % 11 >= 4 then 'CD' || lpad(i::text, 12, '0') end,
              1, 1,
              now() - (i % $11::int) * interval '1 day' - (i % 86400) * interval '1 second',
              now() - (i % $11::int) * interval '1 day'
         from generate_series($1::int, $2::int) as i,
              (select array_agg(id order by id) as ids, array_agg(salesman_id order by id) as sids from customer where code like 'BC%') as c`,
      [
        from,
        to,
        SHIP_TYPES,
        STAGES,
        ports.smallbag.start,
        ports.smallbag.end,
        ports.dedicatedline.start,
        ports.dedicatedline.end,
        ports.airtransport.start,
        ports.airtransport.end,
        days,
        prefix,
      ],
    );
    log(`orders ${to.toLocaleString()} / ${orders.toLocaleString()} (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  if (history) {
    log('timeline events (2 per order) and work records (1 per order)');
    await db.query(
      `insert into order_track (order_id, kind, stage, content, location, occurred_at, created_by, ver, created_at, updated_at)
       select id, 'created', 'created', '订单已创建', null, created_at, 1, 1, created_at, created_at from orders
       union all
       select id, 'upgrade', stage, '进入“' || stage || '”', 'Shenzhen', created_at + interval '1 day', 1, 1, created_at, created_at from orders where stage <> 'created'`,
    );
    await db.query(
      `insert into order_work_record (order_id, action, from_stage, to_stage, user_id, created_at)
       select id, 'upgrade', 'created', stage, 1, created_at + interval '1 day' from orders`,
    );
  }
  log(`seeded ${orders.toLocaleString()} orders in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** VACUUM ANALYZE (index-only scans need the visibility map); logs the tables' sizes with their indexes. */
export async function vacuumAnalyze(db, tables) {
  for (const table of tables) await db.query(`vacuum analyze ${table}`);
  const { rows } = await db.query(
    `select c.relname as t, pg_size_pretty(pg_table_size(c.oid)) as data, pg_size_pretty(pg_indexes_size(c.oid)) as idx, c.reltuples::bigint as n
       from pg_class c where c.relname = any($1) order by pg_total_relation_size(c.oid) desc`,
    [tables],
  );
  log(`vacuum analyze: ${rows.map((r) => `${r.t} ${Number(r.n).toLocaleString()} rows ${r.data} + ${r.idx} idx`).join('; ')}`);
}

// ---------------------------------------------------------------------------------------------------
// The API server: the product as `npm start` runs it (built backend), on the bench database.

/**
 * Starts the server with `nodeArgs`, and those of BENCH_NODE_ARGS (space-separated: e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof` to profile the server during a run; the profile is written when it stops).
 */
export async function startServer(dbUrl, { nodeArgs = [], env = {} } = {}) {
  const port = await freePort();
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // started as npm start and the image start it (server-runtime.mjs)
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, ...extra, path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    env: {
      ...SERVER_ENV,
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      LOG_PURGE_SCHEDULED: 'false',
      CUSTOMER_POOL_SCHEDULED: 'false',
      REDIS_URL: '',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (data) => {
      output += data;
      if (output.includes('Forwarder back office')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  // from here on the server's request lines (docs/logging.md) are read and dropped, as a log shipper would take them
  child.stdout.removeAllListeners('data');
  child.stdout.resume();
  log(`server pid ${child.pid} on port ${port}`);
  return {
    base: `http://127.0.0.1:${port}/api/v1`,
    // npm start's supervisor: its CPU time counts its server's too (treeCpuMs)
    pid: child.pid,
    // the process that serves (the supervisor's child; forked again should it die): the one whose memory is the server's
    serverPid: () => childPids(child.pid)[0] ?? child.pid,
    stop: () => child.kill('SIGTERM'),
  };
}

/** HTTP calls over one keep-alive agent of `clients` sockets. */
export function httpClient(clients) {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const send = (method, url, token, body, onResponse, reject, retried = false) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers = {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload ? { 'content-length': payload.length } : {}),
    };
    const req = request(url, { method, agent, headers }, onResponse);
    // a kept-alive socket the server closed while idle (between the phases of a round): send once more on a new one
    req.on('error', (error) =>
      req.reusedSocket && error.code === 'ECONNRESET' && !retried ? send(method, url, token, body, onResponse, reject, true) : reject(error),
    );
    req.end(payload);
  };
  return {
    /** The JSON answer; rejects on any status but 200. */
    call: (method, url, token, body) =>
      new Promise((resolve, reject) =>
        send(
          method,
          url,
          token,
          body,
          (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString();
              if (res.statusCode !== 200) reject(new Error(`${method} ${url}: ${res.statusCode} ${text.slice(0, 300)}`));
              else resolve(JSON.parse(text));
            });
            res.on('error', reject);
          },
          reject,
        ),
      ),
    /** POSTs `body` and streams a 200 answer into `file`: `{ status, headers, firstByteMs }` (the body is dropped on another status). */
    download: (url, token, body, file) =>
      new Promise((resolve, reject) => {
        const started = performance.now();
        send(
          'POST',
          url,
          token,
          body,
          (res) => {
            const answer = { status: res.statusCode, headers: res.headers, firstByteMs: performance.now() - started };
            if (res.statusCode !== 200) {
              const chunks = [];
              res.on('data', (c) => chunks.push(c));
              return res.on('end', () => resolve({ ...answer, text: Buffer.concat(chunks).toString().slice(0, 300) }));
            }
            res
              .pipe(createWriteStream(file))
              .on('finish', () => resolve(answer))
              .on('error', reject);
            res.on('error', reject);
          },
          reject,
        );
      }),
  };
}

/** Signs in as the product's login screen does (RSA-encrypted credentials); answers the token. */
export async function signIn(http, base, account, password) {
  const init = await http.call('GET', `${base}/login/initialize`);
  const key = forge.pki.publicKeyFromPem(init.data.publicKey);
  const param = forge.util.encode64(key.encrypt(forge.util.encodeUtf8(JSON.stringify({ account, password })), 'RSAES-PKCS1-V1_5'));
  return (await http.call('POST', `${base}/login/user`, undefined, { param })).data.token;
}

/** The command-line options every load benchmark takes (node:util parseArgs), beside its own. */
export const LOAD_OPTIONS = {
  orders: { type: 'string', default: '1000000' },
  clients: { type: 'string', default: '50' },
  duration: { type: 'string', default: '10' },
  rounds: { type: 'string', default: '3' },
  reuse: { type: 'boolean', default: false },
};

/** The bench:orders database of `orders` orders (with their timeline events and work records), shared by bench:scale. */
export function openOrdersDatabase({ orders, reuse, clients }) {
  return openBenchDatabase({
    name: 'orders',
    reuse,
    clients,
    isFilled: async (db) => (await db.query('select count(*)::int as n from orders')).rows[0].n === orders,
    fill: async (db) => {
      await seedOrders(db, { orders });
      await vacuumAnalyze(db, ['orders', 'order_track', 'order_work_record']);
    },
  });
}

// ---------------------------------------------------------------------------------------------------
// The order screens' calls that bench:orders and bench:scale load.

/** A stage view of a random line, one of the first ten pages. */
export const randomStageQuery = () => ({ shipType: pick(SHIP_TYPES), view: pick(STAGES.slice(1, 10)), page: 1 + Math.floor(Math.random() * 10) });

/** POST /order/list of a random stage view: 20 rows sorted by date, and the total. */
export function stageListCall(http, base, token) {
  const q = randomStageQuery();
  return http.call('POST', `${base}/order/list`, token, {
    shipType: q.shipType,
    view: q.view,
    pageIndex: q.page,
    pageSize: 20,
    sortField: 'createdAt',
    sortOrder: 'desc',
  });
}

/**
 * The floor of the stack on this machine: a signed-in call whose own work is the currency dictionary's values
 * (DictService.enabledItems, served from memory since issue 33: no query), beside the query it would send, sent
 * directly. Its API throughput over another workload's direct throughput is the best ratio that workload's API
 * could reach here, whatever its own SQL.
 */
export const floorWorkload = (http, base, token, pool) => ({
  name: 'floor (dict items)',
  api: () => http.call('GET', `${base}/dict/detail/item/currency`, token),
  direct: () =>
    pool.query(
      'select id, dict_code, dict_name, dict_name_en, value, classify, sort, style, enabled, ver from dict_item where dict_code = $1 and enabled = true order by sort, id',
      ['currency'],
    ),
});

/**
 * The floor of HTTP itself here: the liveness answer (no sign-in, no SQL, outside the API's pipeline), beside
 * `select 1` sent directly. Its API throughput over a workload's direct throughput bounds any API call.
 */
export const httpFloorWorkload = (http, base, pool) => ({
  name: 'floor (health/live)',
  api: () => http.call('GET', `${new URL(base).origin}/api/health/live`),
  direct: () => pool.query('select 1'),
});

let nameLookups;
/**
 * The names a service page carries (prisma/name-lookups.js: namesOf's one statement for the customers,
 * users and ports of `ids`), sent directly as the service sends it; nothing when there is nothing to name.
 */
export async function directNames(pool, ids) {
  nameLookups ??= await backendModule('prisma/name-lookups.js');
  const statement = nameLookups.namesStatement(ids);
  if (statement) await pool.query(statement.text, statement.values);
}

/** GET /order/no/detail/{orderNo} of a random order of `numbers`. */
export const orderLookupCall = (http, base, token, numbers) => http.call('GET', `${base}/order/no/detail/${pick(numbers)}`, token);

/** About 5,000 order numbers drawn at random from the bench database. */
export async function sampleOrderNumbers(pool) {
  return (await pool.query(`select order_no from orders tablesample system (1) limit 5000`)).rows.map((r) => r.order_no);
}

// ---------------------------------------------------------------------------------------------------
// Load: `clients` concurrent loops for `durationMs`, latencies of every answer.

/** Linux's clock ticks per second, the unit of /proc's CPU times. */
let clockTicks;
/** A count of /proc's clock ticks in ms. */
function ticksToMs(ticks) {
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  return (ticks * 1000) / clockTicks;
}
/** A process's CPU time so far (user + system, all its threads) in ms, from /proc; undefined where unreadable. */
export function cpuMsOf(pid) {
  try {
    // the fields after the command's closing parenthesis (the command may hold one): utime and stime are the 12th and 13th
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ticksToMs(Number(fields[11]) + Number(fields[12]));
  } catch {
    return undefined;
  }
}

/** The ids of a process's children (from /proc); none when it has gone or /proc is not there. */
export function childPids(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** A process's CPU time with all its descendants' (ms): `npm start`'s supervisor forks the server that does the work. */
export function treeCpuMs(pid) {
  return childPids(pid).reduce((total, child) => total + treeCpuMs(child), cpuMsOf(pid) ?? 0);
}

/**
 * The CPU time the whole machine has been busy so far (all cores: user, nice, system, interrupts, steal) in
 * ms, from /proc/stat; undefined where unreadable. Over a load, per answer, it counts every process an answer
 * costs — the server, PostgreSQL and the bench's own client — so it bounds what any split of the work could do.
 */
export function machineBusyMs() {
  try {
    const [user, nice, system, , , irq, softirq, steal = 0] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return ticksToMs(user + nice + system + irq + softirq + steal);
  } catch {
    return undefined;
  }
}

/**
 * `clients` concurrent loops of `once` for `durationMs` after `warmupMs` unmeasured; answers throughput,
 * p50, p99 and errors, and with `cpuPid` the CPU time per answer of that process and its descendants over the measured time
 * (`cpuMs`): steadier than the throughput on a machine whose speed drifts, as it counts only the server's work;
 * and the whole machine's busy CPU time per answer (`machineMs`, machineBusyMs).
 */
export async function runLoad(label, once, { clients, durationMs, warmupMs = 0, cpuPid }) {
  const latencies = [];
  let errors = 0;
  // the first `warmupMs` run the same load unmeasured: both sides are measured in their steady state, not
  // in the switch from the workload before (caches, JIT, the garbage of the previous phase)
  const measuredFrom = Date.now() + warmupMs;
  const deadline = measuredFrom + durationMs;
  let cpuFrom;
  let machineFrom;
  const cpuTimer = setTimeout(() => {
    machineFrom = machineBusyMs();
    if (cpuPid) cpuFrom = treeCpuMs(cpuPid);
  }, warmupMs);
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < deadline) {
        const started = performance.now();
        const measured = Date.now() >= measuredFrom;
        try {
          await once();
          if (measured) latencies.push(performance.now() - started);
        } catch (error) {
          if (errors++ === 0) console.error(`${label}: ${error.message}`);
        }
      }
    }),
  );
  clearTimeout(cpuTimer);
  const cpuTo = cpuPid && treeCpuMs(cpuPid);
  const machineTo = machineBusyMs();
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
  const result = { n: latencies.length, rps: latencies.length / (durationMs / 1000), p50: q(0.5), p99: q(0.99), errors };
  if (cpuFrom !== undefined && cpuTo !== undefined && result.n) result.cpuMs = (cpuTo - cpuFrom) / result.n;
  if (machineFrom !== undefined && machineTo !== undefined && result.n) result.machineMs = (machineTo - machineFrom) / result.n;
  log(
    `${label.padEnd(24)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(1).padStart(7)} ms  p99 ${result.p99.toFixed(1).padStart(7)} ms` +
      `${result.cpuMs === undefined ? '' : `  server CPU ${result.cpuMs.toFixed(2)} ms/answer`}` +
      `${result.machineMs === undefined ? '' : `  machine CPU ${result.machineMs.toFixed(2)} ms/answer`}${errors ? `  ERRORS ${errors}` : ''}`,
  );
  return result;
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};

/** Unmeasured load before each side of each round (see runLoad). */
const WARMUP_MS = 2_000;

/**
 * Runs `rounds` rounds of every workload `{ name, api, direct }`, API and direct back to back (which goes
 * first alternates between workloads and rounds, so drift does not favour one side); answers the results
 * per round: `[{ [name]: { api, direct } }]`. Other pairs of sides are named by `sides`; `cpuPids` names the
 * process whose CPU time per answer a side reports (`{ api: server.pid }`).
 */
export async function runRounds(workloads, { rounds, clients, durationMs, sides = ['api', 'direct'], cpuPids = {} }) {
  const results = [];
  let apiFirst = true;
  for (let round = 1; round <= rounds; round++) {
    log(`round ${round}/${rounds}`);
    const result = {};
    for (const w of workloads) {
      const side = async (kind) => [kind, await runLoad(`${w.name} ${kind}`, w[kind], { clients, durationMs, warmupMs: WARMUP_MS, cpuPid: cpuPids[kind] })];
      const [first, second] = sides;
      const pair = apiFirst ? [await side(first), await side(second)] : [await side(second), await side(first)];
      result[w.name] = Object.fromEntries(pair);
      apiFirst = !apiFirst;
    }
    results.push(result);
  }
  return results;
}

/**
 * The summary: per workload the last round's p99s and the medians of the per-round p99 and throughput ratios,
 * the server's CPU per answer, and the whole machine's per answer on each side with the throughput ratio that
 * alone allows (direct machine CPU over the API's: what the API could reach were the machine's every core
 * busy serving it, without costing less per answer).
 */
export function ratioReport(title, results, { target = 3 } = {}) {
  console.log(`\n== ${title} (median of per-round ratios API / direct)`);
  const names = Object.keys(results[0]);
  const width = Math.max(...names.map((n) => n.length));
  const summary = {};
  for (const name of names) {
    const p99 = median(results.map((r) => r[name].api.p99 / r[name].direct.p99));
    const rps = median(results.map((r) => r[name].api.rps / r[name].direct.rps));
    const { api, direct } = results.at(-1)[name];
    const errors = results.reduce((s, r) => s + r[name].api.errors + r[name].direct.errors, 0);
    // a side's figure over the rounds (its median), when every round has it
    const medianOf = (side, figure) =>
      results.every((r) => r[name][side][figure] !== undefined) ? median(results.map((r) => r[name][side][figure])) : undefined;
    const cpuMs = medianOf('api', 'cpuMs');
    const [machineApi, machineDirect] = [medianOf('api', 'machineMs'), medianOf('direct', 'machineMs')];
    const machineBound =
      machineApi !== undefined && machineDirect !== undefined ? median(results.map((r) => r[name].direct.machineMs / r[name].api.machineMs)) : undefined;
    summary[name] = { p99, rps, cpuMs, machineApi, machineDirect, machineBound, errors, pass: p99 <= target && !errors };
    console.log(
      `${name.padEnd(width)}  API p50/p99 ${api.p50.toFixed(1)}/${api.p99.toFixed(1)} ms, direct ${direct.p50.toFixed(1)}/${direct.p99.toFixed(1)} ms (last round) — ` +
        `p99 ratio ${p99.toFixed(2)} (target ≤ ${target}) ${summary[name].pass ? 'ok' : 'OVER'}, throughput ratio ${rps.toFixed(2)}` +
        `${cpuMs === undefined ? '' : `, server CPU ${cpuMs.toFixed(2)} ms/answer`}` +
        `${machineBound === undefined ? '' : `, machine CPU ${machineApi.toFixed(2)} / ${machineDirect.toFixed(2)} ms/answer (bound ${machineBound.toFixed(2)})`}` +
        `${errors ? `; ERRORS ${errors}` : ''}`,
    );
  }
  return summary;
}

// ---------------------------------------------------------------------------------------------------
// Memory, downloads, xlsx.

/** Samples a process's RSS from /proc every `intervalMs`; `stop()` answers start, peak and the samples (MB). */
export function rssSampler(pid, intervalMs = 50) {
  let peak = 0;
  const samples = [];
  const t0 = performance.now();
  const read = () => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      if (kb > peak) peak = kb;
      samples.push({ ms: performance.now() - t0, mb: kb / 1024 });
      return kb;
    } catch {
      return 0;
    }
  };
  const start = read();
  const timer = setInterval(read, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return { startMb: start / 1024, peakMb: peak / 1024, samples };
    },
  };
}

/**
 * A process's RSS at rest: sampled every 250 ms for `ms` with nothing asked of it, so that the garbage
 * collector (V8's memory reducer runs after a few idle seconds) has had its chance; answers the last
 * sample and the lowest (MB).
 */
export async function restingRss(pid, ms = 10_000) {
  const sampler = rssSampler(pid, 250);
  await new Promise((resolve) => setTimeout(resolve, ms));
  const { samples } = sampler.stop();
  return { lastMb: samples.at(-1)?.mb ?? 0, lowestMb: Math.min(...samples.map((s) => s.mb)) };
}

/** The highest RSS in each quarter of the sampled time (shows whether memory stays flat or grows). */
export function rssByQuarter(samples) {
  const end = samples.at(-1)?.ms ?? 0;
  return [1, 2, 3, 4].map((q) => Math.max(0, ...samples.filter((s) => s.ms > ((q - 1) * end) / 4 && s.ms <= (q * end) / 4).map((s) => s.mb)));
}

/** Data rows (after the header) of a sheet of an xlsx file, read by streaming; `sheet` is a 1-based position or a name. */
export async function countXlsxRows(file, sheet = 1) {
  let rows = 0;
  let position = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore' });
  for await (const worksheet of reader) {
    position++;
    if (sheet !== position && sheet !== worksheet.name) {
      for await (const row of worksheet) void row; // rows must be consumed to reach the next sheet
      continue;
    }
    for await (const row of worksheet) if (row.number > 1) rows++;
    break;
  }
  return rows;
}

/** Runs `work` with a fresh temporary folder (its name starting with `prefix`), removed afterwards whatever happens. */
export async function inTempDir(prefix, work) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Downloads POST `url` of the server (with `body`) into `file`, sampling the server's RSS meanwhile:
 * answers the HTTP answer, the time it took (ms) and the server's RSS (rssSampler's stop()).
 */
export async function sampledDownload(http, server, token, url, body, file) {
  const rss = rssSampler(server.serverPid());
  const started = performance.now();
  const answer = await http.download(`${server.base}${url}`, token, body, file);
  const ms = performance.now() - started;
  return { answer, ms, rss: rss.stop() };
}

/**
 * Runs `script` again as a child with `--${flag} <json payload>` (the script's reference mode: the same
 * work without our server, alone in its process); answers its time, peak RSS and the last message it sent.
 */
export function forkReference(script, flag, payload) {
  return new Promise((resolve, reject) => {
    const ref = fork(script, [`--${flag}`, JSON.stringify(payload)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const sampler = rssSampler(ref.pid);
    const t0 = performance.now();
    let message; // what the reference reports with process.send (e.g. the rows it wrote)
    ref.on('message', (m) => (message = m));
    ref.on('exit', (code) => {
      const rss = sampler.stop();
      if (code === 0) resolve({ ms: performance.now() - t0, ...rss, message });
      else reject(new Error(`reference ${flag} failed (${code})`));
    });
  });
}
