#!/usr/bin/env node
// Finance benchmark (issue "Finance", performance): arrears and the order inquiry over 1,000,000 orders
// with 3,000,000 finance lines, the API against the same SQL run directly with `pg`, in one run; then the
// report of one year, streamed, with the server's RSS sampled, against a reference exporter.
//
//   npm run bench:finance                                  1,000,000 orders × 3 lines, 50 clients, 3 rounds of 10 s
//   npm run bench:finance -- --orders 200000 --rounds 2 --duration 5
//   npm run bench:finance -- --reuse                       keep the seeded database between runs
//   npm run bench:finance -- --reuse --explain --rounds 0 --only arrears,inquiry
//                                                          EXPLAIN (ANALYZE, BUFFERS) of each statement, no load
//   npm run bench:finance -- --only arrears,report         workloads whose name contains one of the words
//   npm run bench:finance -- --reuse --only report --server-heap 100
//                                                          the report with the server's V8 heap capped at 100 MB:
//                                                          it completes only if memory stays flat (no rows retained)
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:finance
//
// Data (docs/finance.md): orders over the last two years, 50 per customer, 40 bench salesmen beside the
// demo staff; per order --lines-per-order finance lines (default 3, a 6-slot cycle): a receivable (freight, in
// CNY, USD, EUR or HKD at the rate of its billing day), a payable (freight to a carrier), the payment
// hand-in (an `entry` record: verified = locked in full for most orders, recent orders mostly still unpaid
// or waiting for audit, some old ones paid in part or refused; an unpaid order's third line is a verified
// trucking reimbursement or a hand-in still in draft), then an extra receivable (customs, CNY), a payable
// (trucking) and a verified reimbursement. The figures per order (`order_finance`) are computed by the
// formulas of OrderFiguresService.refresh (a sample is checked against its very statement), and paid
// commissions for the orders in brokerage.
//
// Workloads, each under --clients concurrent clients for --duration seconds, API and direct back to back
// (who goes first alternates), the median of the per-round ratios reported (target p99 ratio ≤ 3):
//  - arrears            POST /finance/arrears { groupBy: order } random page of the first ten
//  - arrears salesman   … { salesmanId } (a random salesman)
//  - arrears bucket     … { bucket } (a random ageing bucket)
//  - arrears customers  … { groupBy: customer } (the per-customer tab)
//  - inquiry period     POST /finance/inquiry { createdFrom, createdTo } a random month, random page of ten
//  - inquiry customer   … { customerId } (a random customer)
//  - floor (dict items) GET /dict/detail/item/currency — the stack's own cost: a signed-in call with one tiny query
// Direct: the statements AnalysisService issues (page, totals, capped count), built by the service's own
// finance/analysis-sql.js from the built backend, sent with `pg` in parallel as the service does, then the
// customers' and salesmen's names in one statement (prisma/name-lookups.js, as FinanceLookups.people).
// Report: POST /order/finance/reporting of the last 365 days (≈ half the orders): time, rows read back,
// the server's RSS before / peak / per quarter of the download; reference: exceljs's streaming
// WorkbookWriter fed by a pg cursor with the same rows and sums, in a process of its own.
import { AGE_BUCKETS } from '@forwarder/domain';
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { backendModule } from './lib/lifecycle.mjs';
import {
  between,
  countXlsxRows,
  directNames,
  floorWorkload,
  forkReference,
  httpClient,
  inTempDir,
  log,
  openBenchDatabase,
  pick,
  ratioReport,
  rawSql,
  rssByQuarter,
  sampledDownload,
  runRounds,
  seedOrders,
  signIn,
  sql,
  startServer,
  toQuery,
  vacuumAnalyze,
  LOAD_OPTIONS,
} from './lib/bench.mjs';

const { values: args } = parseArgs({
  options: {
    ...LOAD_OPTIONS,
    'lines-per-order': { type: 'string', default: '3' },
    only: { type: 'string' },
    explain: { type: 'boolean', default: false },
    'server-heap': { type: 'string' },
    'reference-report': { type: 'string' },
  },
});

// ---------------------------------------------------------------------------------------------------
// What the service computes, from the built backend (so the bench follows the finance rules as they change).

/** The business time (today in Shanghai is the service's default `asOf`; the Shanghai day bounds), from the domain package. */
const { shanghaiDay, shanghaiEnd, shanghaiStart, todayShanghai } = await import('@forwarder/domain');
/** A day `n` days before a `YYYY-MM-DD` day. */
const daysBefore = (day, n) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
/** The arrears and inquiry statements, from the built backend: the direct side sends the service's very SQL. */
const analysisSql = await backendModule('finance/analysis-sql.js');
/** How an order's figures are computed (OrderFiguresService.refresh's joins), for the check of the stored ones. */
const { ORDER_FIGURES_JOINS } = await backendModule('finance/order-figures.service.js');
/** The report's orders with their figures, commission, customer and salesman (ReportService's joins). */
const REPORT_FROM = rawSql(`from orders o
  left join order_finance f on f.order_id = o.id
  left join order_commission c on c.order_id = o.id and c.reversed_at is null
  left join customer cu on cu.id = o.customer_id
  left join app_user u on u.id = o.salesman_id`);
/** The report's filter (ReportService.filter) for a period, finance seeing every order. */
const reportFilter = ({ from, to }) =>
  sql`o.created_at >= ${shanghaiStart(from)} and o.created_at < ${shanghaiEnd(to)} and o.side_state is distinct from 'delete'`;

// ---------------------------------------------------------------------------------------------------
// Child mode: the report reference (exceljs WorkbookWriter fed by a pg cursor), alone in its process.
if (args['reference-report']) {
  await referenceReport(JSON.parse(args['reference-report']));
  process.exit(0);
}

const ORDERS = Number(args.orders);
const LINES_PER_ORDER = Number(args['lines-per-order']);
const CLIENTS = Number(args.clients);
const DURATION_MS = Number(args.duration) * 1000;
const ROUNDS = Number(args.rounds);
const CUSTOMERS = Math.max(100, Math.round(ORDERS / 50));
const SALESMEN = 40;
const ONLY = args.only?.split(',').map((w) => w.trim().toLowerCase());
const wanted = (name) => !ONLY || ONLY.some((w) => name.includes(w));
const http = httpClient(CLIENTS);

if (!Number.isInteger(LINES_PER_ORDER) || LINES_PER_ORDER < 2) throw new Error('--lines-per-order: an integer ≥ 2 (a receivable and a payable at least)');

// ---------------------------------------------------------------------------------------------------
// Seeding.

/** The kind of each line slot of an order, cycling (slot 1 = first). */
const SLOTS = ['receivable', 'payable', 'hand-in', 'receivable', 'payable', 'reimbursement'];
const slotsOf = (kind) => Array.from({ length: LINES_PER_ORDER }, (_, i) => i + 1).filter((k) => SLOTS[(k - 1) % SLOTS.length] === kind);

async function seedFinance(db) {
  const started = Date.now();
  await seedOrders(db, { orders: ORDERS, days: 730, customers: CUSTOMERS, salesmen: SALESMEN, prefix: 'FN', history: false });
  const staff = Object.fromEntries((await db.query(`select account, id from app_user where account in ('fin01', 'op01')`)).rows.map((r) => [r.account, r.id]));
  const today = todayShanghai();
  // Per order (h = its id): the billing day (1–5 days after the order, never after today), the invoice
  // currency and the rate of that day, the freight in CNY by line.
  const base = `
    select o.id, o.id as h, o.stage, o.customer_id, o.salesman_id, o.ship_type, o.created_at, b.billed,
           case when o.id % 20 < 11 then 'CNY' when o.id % 20 < 18 then 'USD' when o.id % 20 = 18 then 'EUR' else 'HKD' end as currency,
           case o.ship_type when 'smallbag' then 300 + o.id::bigint * 7919 % 2700 when 'dedicatedline' then 2000 + o.id::bigint * 7919 % 28000 else 1000 + o.id::bigint * 7919 % 14000 end
             + (o.id * 13 % 100) / 100.0 as freight
      from orders o
      cross join lateral (select least((o.created_at at time zone 'Asia/Shanghai')::date + 1 + o.id % 5, $3::date) as billed) b
     where o.id between $1 and $2`;
  const rate = (currency, day) => `case ${currency} when 'CNY' then 1
      when 'USD' then round((7.12 + 0.08 * sin((${day} - date '2024-01-01') / 45.0))::numeric, 4)
      when 'EUR' then round((7.78 + 0.12 * sin((${day} - date '2024-01-01') / 60.0))::numeric, 4)
      else round((0.912 + 0.004 * sin((${day} - date '2024-01-01') / 30.0))::numeric, 4) end`;
  const receivables = slotsOf('receivable');
  const payables = slotsOf('payable');
  // one payment hand-in per order: a later hand-in slot (more than 6 lines) is another reimbursement
  const handIns = slotsOf('hand-in').slice(0, 1);
  const reimbursements = [...slotsOf('hand-in').slice(1), ...slotsOf('reimbursement')].sort((a, b) => a - b);
  const chunk = 100_000;
  const max = (await db.query('select max(id) as m from orders')).rows[0].m;
  for (let from = 1; from <= max; from += chunk) {
    const to = Math.min(max, from + chunk - 1);
    // Charges: the first receivable is the freight in the order's currency (amount = CNY freight / rate),
    // further ones customs fees in CNY; the first payable the carrier's freight (1 in 5 in USD), further ones trucking.
    await db.query(
      `with b as (${base}), s as (
         select b.*, k, case when k = any($4::int[]) then 'receivable' else 'payable' end as kind,
                (k = ($4::int[])[1] or k = ($5::int[])[1]) as first,
                least(b.billed + case when k = any($4::int[]) then (k / 6) * 2 else 3 + b.h % 10 end, $3::date) as day
           from b cross join unnest($4::int[] || $5::int[]) as k),
       c as (
         select s.*, case when s.kind = 'receivable' and s.first then s.currency when s.kind = 'payable' and s.first and s.h % 5 = 0 then 'USD' else 'CNY' end as cur from s)
       insert into order_charge (order_id, kind, type, amount, currency, rate, book_amount, counterparty, charged_on, created_by, ver, created_at, updated_at)
       select c.id, c.kind,
              case when c.first then '运费' when c.kind = 'receivable' then '报关费' else '拖车费' end,
              a.amount, c.cur, a.rate, round(a.amount * a.rate, 2),
              case when c.kind = 'payable' then (array['中远海运', '马士基', '顺丰速运', '德邦物流', '东航物流', '嘉里大通'])[c.h % 6 + 1] end,
              c.day, $6::int, 1, c.day + time '10:00' - interval '8 hours', c.day + time '10:00' - interval '8 hours'
         from c
         cross join lateral (select ${rate('c.cur', 'c.day')} as rate) r
         cross join lateral (select r.rate,
                case when c.kind = 'receivable' and c.first then round(c.freight / r.rate, 2)
                     when c.kind = 'receivable' then 150 + c.h % 650
                     when c.first then round(c.freight * (0.62 + (c.h % 25) / 100.0) / r.rate, 2)
                     else 80 + c.h % 420 end as amount) a`,
      [from, to, today, receivables, payables, staff.fin01],
    );
    // Records. The hand-in: how much of the receivables and in what state, by the bill's age (p: a
    // per-order draw). An unpaid order's hand-in slot is a verified trucking reimbursement (p even) or a
    // hand-in still in draft (p odd). Reimbursement slots: a verified customs-fee reimbursement.
    if (handIns.length || reimbursements.length) {
      await db.query(
        `with r as (
           select order_id, sum(book_amount) as revenue, sum(amount) as amount, min(currency) as currency, max(currency) as currency2,
                  min(rate) as rate, max(rate) as rate2, min(charged_on) as billed
             from order_charge where kind = 'receivable' and voided_at is null and order_id between $1 and $2 group by order_id),
         p as (
           select o.id as h, o.stage, o.customer_id, o.salesman_id, cu.company_name, r.*, ($3::date - r.billed) as age, (o.id * 31 + 7) % 100 as p
             from orders o join r on r.order_id = o.id join customer cu on cu.id = o.customer_id),
         d as (
           select p.*, case
                    when p.stage = 'brokerage' then 'full'
                    when p.age <= 30 then case when p.p < 60 then 'unpaid' when p.p < 72 then 'pending' else 'full' end
                    when p.age <= 90 then case when p.p < 20 then 'unpaid' when p.p < 25 then 'pending' when p.p < 33 then 'part' else 'full' end
                    else case when p.p < 3 then 'unpaid' when p.p < 4 then 'refused' when p.p < 9 then 'part' else 'full' end
                  end as pay
             from p),
         s as (
           select d.*, k,
                  case when k = any($4::int[]) and not (d.pay = 'unpaid' and d.p % 2 = 0) then 'entry' else 'outgoing' end as kind,
                  case when k <> all($4::int[]) then 'locked' when d.pay = 'unpaid' and d.p % 2 = 0 then 'locked' when d.pay = 'unpaid' then 'registered'
                       when d.pay in ('pending', 'refused') then d.pay else 'locked' end as status,
                  least(d.billed + 5 + d.p % 40, $3::date) as paid_on,
                  -- a hand-in in the invoice's currency when the receivables share one currency and rate, else its book amount in CNY
                  (d.currency = d.currency2 and d.rate = d.rate2) as same
             from d cross join unnest($4::int[] || $5::int[]) as k)
         insert into finance_record (record_no, kind, status, order_id, customer_id, type, amount, currency, rate, book_amount, counterparty, method, paid_on,
                                     remark, refuse_reason, submitted_at, audited_by, audited_at, created_by, ver, created_at, updated_at)
         select case when s.kind = 'entry' then 'FEB' else 'FOB' end || lpad(s.h::text, 8, '0') || '-' || s.k, s.kind, s.status, s.h, s.customer_id,
                case when s.kind = 'entry' then '运费收款' when s.k = any($4::int[]) then '拖车费' else '报关费' end,
                m.amount, m.currency, m.rate, round(m.amount * m.rate, 2),
                case when s.kind = 'entry' then s.company_name else (array['深圳顺达拖车', '盐田报关行', '前海物流'])[s.h % 3 + 1] end,
                (array['银行转账', '银行转账', '银行转账', '现金', '支付宝', '微信'])[s.p % 6 + 1],
                s.paid_on, null,
                case when s.status = 'refused' then '金额与水单不符' end,
                case when s.status <> 'registered' then s.paid_on + time '11:00' - interval '8 hours' end,
                case when s.status in ('locked', 'refused') then $6::int end,
                case when s.status in ('locked', 'refused') then s.paid_on + interval '1 day' + time '15:00' - interval '8 hours' end,
                case when s.kind = 'entry' then s.salesman_id else $7::int end, 1,
                s.paid_on + time '09:00' - interval '8 hours', s.paid_on + interval '1 day' + time '15:00' - interval '8 hours'
           from s
           cross join lateral (select case
                  when s.kind = 'outgoing' then 80 + s.h % 420
                  when s.same then round(s.amount * case when s.pay = 'part' then 0.5 + (s.p % 30) / 100.0 else 1 end, 2)
                  else round(s.revenue * case when s.pay = 'part' then 0.5 + (s.p % 30) / 100.0 else 1 end, 2) end as amount,
                  case when s.kind = 'entry' and s.same then s.currency else 'CNY' end as currency,
                  case when s.kind = 'entry' and s.same then s.rate else 1 end as rate) m`,
        [from, to, today, handIns, reimbursements, staff.fin01, staff.op01],
      );
    }
    log(`finance lines of orders ${to.toLocaleString()} / ${max.toLocaleString()} (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  // The figures, by the formulas of OrderFiguresService.refresh, for every order with a charge or a record
  // (the service writes a row the first time an order's money moves).
  log("the orders' figures (order_finance)");
  await db.query(
    `insert into order_finance (order_id, ship_type, salesman_id, customer_id, order_created_at, revenue, payable, expense, received, outstanding, billed_on, updated_at)
     select o.id, o.ship_type, o.salesman_id, o.customer_id, o.created_at, coalesce(c.revenue, 0), coalesce(c.payable, 0), coalesce(r.expense, 0), coalesce(r.received, 0),
            coalesce(c.revenue, 0) - coalesce(r.received, 0), c.billed_on, now()
       from orders o
       left join (select order_id, coalesce(sum(book_amount) filter (where kind = 'receivable'), 0) as revenue,
                         coalesce(sum(book_amount) filter (where kind = 'payable'), 0) as payable,
                         min(charged_on) filter (where kind = 'receivable') as billed_on
                    from order_charge where voided_at is null group by order_id) c on c.order_id = o.id
       left join (select order_id, coalesce(sum(book_amount) filter (where kind = 'outgoing'), 0) as expense,
                         coalesce(sum(book_amount) filter (where kind = 'entry'), 0) as received
                    from finance_record where status = 'locked' group by order_id) r on r.order_id = o.id
      where c.order_id is not null or exists (select 1 from finance_record x where x.order_id = o.id)`,
  );
  // Paid commissions (3 % of revenue) on the orders in brokerage, which are all paid in full.
  const rule = (
    await db.query(`insert into commission_rule (name, basis, rate, enabled, updated_at) values ('标准佣金 3%', 'revenue', 3, true, now()) returning id`)
  ).rows[0].id;
  await db.query(
    `insert into order_commission (order_id, rule_id, basis, base, rate, amount, salesman_id, paid_by, paid_at)
     select f.order_id, $1, 'revenue', f.revenue, 3, round(f.revenue * 0.03, 2), f.salesman_id, $2, f.billed_on + 60 + time '16:00' - interval '8 hours'
       from order_finance f join orders o on o.id = f.order_id
      where o.stage = 'brokerage' and f.revenue > 0 and f.outstanding <= 0`,
    [rule, staff.fin01],
  );
  await vacuumAnalyze(db, ['orders', 'order_charge', 'finance_record', 'order_finance', 'order_commission', 'customer', 'app_user']);
  await checkFigures(db);
  log(`seeded in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** The stored figures of 2,000 random orders against OrderFiguresService.refresh's own joins; any difference stops the bench. */
async function checkFigures(db) {
  const { rows } = await db.query(
    `with sample as (select order_id from order_finance tablesample system (5) limit 2000),
     fresh as (
       select o.id as order_id, c.revenue, c.payable, r.expense, r.received, c.revenue - r.received as outstanding, c.billed_on
         from orders o ${ORDER_FIGURES_JOINS}
        where o.id in (select order_id from sample))
     select count(*)::int as checked,
            count(*) filter (where (f.revenue, f.payable, f.expense, f.received, f.outstanding, f.billed_on) is distinct from (x.revenue, x.payable, x.expense, x.received, x.outstanding, x.billed_on))::int as wrong
       from fresh x join order_finance f using (order_id)`,
  );
  const figures = (
    await db.query(
      `select count(*)::int as orders, (select count(*) from order_charge)::int as charges, (select count(*) from finance_record)::int as records,
              count(*) filter (where outstanding > 0)::int as arrears, count(*) filter (where outstanding < 0)::int as overpaid,
              (select count(*) from order_commission)::int as commissions,
              (select string_agg(currency || ' ' || n, ', ' order by n desc) from (select currency, count(*) as n from order_charge group by 1) c) as currencies,
              (select string_agg(kind || '/' || status || ' ' || n, ', ' order by kind, n desc) from (select kind, status, count(*) as n from finance_record group by 1, 2) r) as records_by_state
         from order_finance`,
    )
  ).rows[0];
  log(
    `${figures.charges.toLocaleString()} charges + ${figures.records.toLocaleString()} records = ${(figures.charges + figures.records).toLocaleString()} finance lines; ` +
      `${figures.orders.toLocaleString()} orders with figures, ${figures.arrears.toLocaleString()} in arrears, ${figures.overpaid} overpaid, ${figures.commissions.toLocaleString()} commissions paid`,
  );
  log(`charges by currency: ${figures.currencies}; records: ${figures.records_by_state}`);
  log(`figures checked against OrderFiguresService.refresh on ${rows[0].checked} orders: ${rows[0].wrong} differ`);
  if (rows[0].wrong) throw new Error('the seeded order_finance does not match the service formulas');
}

const { dbUrl, pool, close } = await openBenchDatabase({
  name: 'finance',
  reuse: args.reuse,
  clients: CLIENTS,
  isFilled: async (db) => {
    const { rows } = await db.query(
      `select (select count(*) from orders)::int as orders, (select count(*) from order_charge)::int + (select count(*) from finance_record)::int as lines`,
    );
    return rows[0].orders === ORDERS && rows[0].lines === ORDERS * LINES_PER_ORDER;
  },
  fill: seedFinance,
});
let server;
async function cleanup() {
  server?.stop();
  await close();
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

// ---------------------------------------------------------------------------------------------------
// The questions (random, the same distribution for both sides) and the statements AnalysisService issues.

let salesmen = [];
let customers = [];
let months = [];
const asOf = todayShanghai();

const arrearsQuestion = {
  arrears: () => ({ groupBy: 'order', pageIndex: between(1, 10) }),
  'arrears salesman': () => ({ groupBy: 'order', salesmanId: pick(salesmen), pageIndex: between(1, 3) }),
  'arrears bucket': () => ({ groupBy: 'order', bucket: pick(AGE_BUCKETS), pageIndex: between(1, 10) }),
  'arrears customers': () => ({ groupBy: 'customer', pageIndex: between(1, 5) }),
};
const inquiryQuestion = {
  'inquiry period': () => ({ ...pick(months), pageIndex: between(1, 10) }),
  'inquiry customer': () => ({ customerId: pick(customers), pageIndex: between(1, 2) }),
};
const pageSize = 20;

/** Finance sees every order's money (AnalysisService's scope for finance:list). */
const ALL_MONEY = { ownSalesmanId: null };
const pageOf = (q) => ({ take: pageSize, skip: (q.pageIndex - 1) * pageSize });
const rowNames = (rows) => ({ customers: rows.map((r) => r.customer_id), users: rows.map((r) => r.salesman_id) });

/** AnalysisService.arrears's statements for a question, built by the service's own builder: { page, totals }. */
function arrearsStatements(q) {
  const { page, totals } = analysisSql.arrearsStatements(q, ALL_MONEY, asOf, pageOf(q));
  const names =
    q.groupBy === 'order'
      ? rowNames
      : (rows) => (q.groupBy === 'customer' ? { customers: rows.map((r) => r.id), users: [] } : { customers: [], users: rows.map((r) => r.id) });
  return { page, totals, names };
}

/** AnalysisService.inquiry's statements, built by the service's own builder: { page, count, totals }. */
function inquiryStatements(q) {
  const { page, count, totals } = analysisSql.inquiryStatements(q, ALL_MONEY, pageOf(q));
  return { page, count, totals, names: rowNames };
}

/** A statement of the service (Prisma.Sql: `text` with $n placeholders and `values`) sent as it is. */
const run = (statement) => pool.query(statement.text, statement.values);
async function direct(statements) {
  const { names, ...queries } = statements;
  const [page] = await Promise.all(Object.values(queries).map(run)); // the page first, as the service lists them
  // FinanceLookups.people: the customers' and users' names in one statement
  await directNames(pool, names(page.rows));
}

function workloads(base, token) {
  const list = [
    ...Object.entries(arrearsQuestion).map(([name, ask]) => ({
      name,
      api: () => http.call('POST', `${base}/finance/arrears`, token, { asOf, pageSize, ...ask() }),
      direct: () => direct(arrearsStatements(ask())),
    })),
    ...Object.entries(inquiryQuestion).map(([name, ask]) => ({
      name,
      api: () => http.call('POST', `${base}/finance/inquiry`, token, { pageSize, ...ask() }),
      direct: () => direct(inquiryStatements(ask())),
    })),
  ];
  list.push(floorWorkload(http, base, token, pool));
  return list.filter((w) => wanted(w.name));
}

/** EXPLAIN (ANALYZE, BUFFERS) of every statement of one question of each workload, one client, idle machine. */
async function explainAll() {
  const questions = [
    ...Object.entries(arrearsQuestion).map(([name, ask]) => [name, arrearsStatements({ ...ask(), pageIndex: 1 })]),
    ...Object.entries(inquiryQuestion).map(([name, ask]) => [name, inquiryStatements({ ...ask(), pageIndex: 1 })]),
  ].filter(([name]) => wanted(name));
  for (const [name, statements] of questions) {
    const { names: _names, ...queries } = statements;
    for (const [part, fragment] of Object.entries(queries)) {
      const { text, values } = fragment;
      const plan = (await pool.query(`explain (analyze, buffers) ${text}`, values)).rows.map((r) => r['QUERY PLAN']);
      const time = plan.find((l) => l.startsWith('Execution Time'));
      console.log(
        `\n-- ${name} / ${part}: ${time}\n-- params ${JSON.stringify(values)}\n${text.replace(/\n\s*\n/g, '\n').trim()}\n${plan.map((l) => `   ${l}`).join('\n')}`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// The report of one year: the API streamed to a file, the reference in a process of its own.

async function reportRun(token) {
  const to = daysBefore(todayShanghai(), 1);
  const period = { from: daysBefore(to, 364), to };
  const expected = (await pool.query(toQuery(sql`select count(*)::int as n from orders o where ${reportFilter(period)}`))).rows[0].n;
  return inTempDir('fwd-bench-finance-', async (dir) => {
    const file = path.join(dir, 'report.xlsx');
    const { answer, ms, rss: apiRss } = await sampledDownload(http, server, token, '/order/finance/reporting', period, file);
    if (answer.status !== 200) return log(`report skipped: POST /order/finance/reporting answered ${answer.status} ${answer.text}`);
    const rows = (await countXlsxRows(file, 1)) - 1; // the detail sheet ends with its 合计 row
    const size = statSync(file).size;
    const reference = await forkReference(fileURLToPath(import.meta.url), 'reference-report', { dbUrl, period, file: path.join(dir, 'reference.xlsx') });
    const refRows = reference.message?.rows ?? NaN;
    const quarters = rssByQuarter(apiRss.samples);
    console.log(`\n== finance report ${period.from} ~ ${period.to}: ${expected.toLocaleString()} orders (POST /order/finance/reporting, streamed)`);
    console.log(
      `API:       ${(ms / 1000).toFixed(1)} s (${Math.round((expected / ms) * 1000).toLocaleString()} rows/s, first byte after ${(answer.firstByteMs / 1000).toFixed(2)} s), ${(size / 1e6).toFixed(1)} MB; ` +
        `X-Report-Rows ${answer.headers['x-report-rows']}, rows read back ${rows.toLocaleString()} ${rows === expected ? '(all)' : `(EXPECTED ${expected.toLocaleString()})`}`,
    );
    console.log(
      `           server RSS ${apiRss.startMb.toFixed(0)} MB before, peak ${apiRss.peakMb.toFixed(0)} MB (+${(apiRss.peakMb - apiRss.startMb).toFixed(0)} MB); ` +
        `peak per quarter of the download ${quarters.map((mb) => mb.toFixed(0)).join(' / ')} MB`,
    );
    console.log(
      `reference: ${(reference.ms / 1000).toFixed(1)} s (exceljs WorkbookWriter from a pg cursor, own process, ${refRows.toLocaleString()} rows), peak RSS ${reference.peakMb.toFixed(0)} MB`,
    );
    console.log(
      `ratio API/reference: time ${(ms / reference.ms).toFixed(2)}; server RSS growth ${(apiRss.peakMb - apiRss.startMb).toFixed(0)} MB vs the reference's whole peak ${reference.peakMb.toFixed(0)} MB`,
    );
    return { ms, rows, expected, refMs: reference.ms, growthMb: apiRss.peakMb - apiRss.startMb };
  });
}

/** The report's rows and sums written straight from pg: a cursor over the detail rows (names joined), then the three sums. */
async function referenceReport({ dbUrl: url, period, file }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const filter = reportFilter(period);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  const figures = ['revenue', 'payable', 'expense', 'cost', 'received', 'outstanding', 'profit', 'margin', 'commission'];
  const n = (v) => (v === null ? 0 : Number(v));
  const values = (r) => {
    const cost = n(r.payable) + n(r.expense);
    const profit = n(r.revenue) - cost;
    return [
      n(r.revenue),
      n(r.payable),
      n(r.expense),
      cost,
      n(r.received),
      n(r.outstanding),
      profit,
      n(r.revenue) ? profit / n(r.revenue) : null,
      n(r.commission),
    ];
  };
  const detail = book.addWorksheet('订单明细');
  detail.addRow(['订单号', '线路', '客户', '业务员', '下单日期', '阶段', ...figures]).commit();
  await client.query('begin');
  const { text, values: params } = toQuery(sql`
    declare report no scroll cursor for
    select o.order_no, o.ship_type, cu.company_name, u.full_name, o.created_at, o.stage, f.revenue, f.payable, f.expense, f.received, f.outstanding, c.amount as commission
      ${REPORT_FROM}
     where ${filter}
     order by o.created_at, o.id`);
  await client.query(text, params);
  const total = Array(figures.length).fill(0);
  let written = 0;
  for (;;) {
    const { rows } = await client.query('fetch 2000 from report');
    if (!rows.length) break;
    for (const r of rows) {
      const v = values(r);
      v.forEach((x, i) => (total[i] += x ?? 0));
      detail.addRow([r.order_no, r.ship_type, r.company_name, r.full_name, shanghaiDay(r.created_at), r.stage, ...v]).commit();
    }
    written += rows.length;
  }
  await client.query('commit');
  detail.addRow(['合计', '', '', '', '', '', ...total]).commit();
  detail.commit();
  for (const [name, key, label] of [
    ['按线路', 'o.ship_type', 'o.ship_type'],
    ['按销售', 'o.salesman_id', 'min(u.full_name)'],
    ['按客户', 'o.customer_id', "min(cu.code || ' ' || cu.company_name)"],
  ]) {
    const sheet = book.addWorksheet(name);
    sheet.addRow([name, 'orders', ...figures]).commit();
    const q = toQuery(sql`
      select ${rawSql(label)} as label, count(*)::int as orders, sum(f.revenue) as revenue, sum(f.payable) as payable, sum(f.expense) as expense,
             sum(f.received) as received, sum(f.outstanding) as outstanding, sum(c.amount) as commission
        ${REPORT_FROM}
       where ${filter}
       group by ${rawSql(key)} order by ${rawSql(key)}`);
    for (const r of (await client.query(q)).rows) sheet.addRow([r.label, r.orders, ...values(r)]).commit();
    sheet.commit();
  }
  await book.commit();
  await client.end();
  if (process.send) await new Promise((resolve) => process.send({ rows: written }, resolve)); // delivered before the process exits
}

// ---------------------------------------------------------------------------------------------------
// Run.

try {
  salesmen = (await pool.query(`select distinct salesman_id as id from order_finance where outstanding > 0`)).rows.map((r) => r.id);
  customers = (await pool.query(`select id from customer where code like 'BC%' order by random() limit 2000`)).rows.map((r) => r.id);
  const { first, last } = (await pool.query(`select min(created_at) as first, max(created_at) as last from orders`)).rows[0];
  // the months fully inside the data (Shanghai days)
  for (let d = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1)); ; d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))) {
    const end = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
    if (end > last) break;
    months.push({ createdFrom: d.toISOString().slice(0, 10), createdTo: end.toISOString().slice(0, 10) });
  }
  if (!months.length) months = [{ createdFrom: daysBefore(asOf, 30), createdTo: asOf }];
  if (args.explain) await explainAll();

  server = await startServer(dbUrl, { nodeArgs: args['server-heap'] ? [`--max-old-space-size=${args['server-heap']}`] : [] });
  const token = await signIn(http, server.base, 'fin01', 'demo123');
  const list = workloads(server.base, token);
  if (ROUNDS > 0 && list.length) {
    // one answer of each, checked, before the clock runs
    const answering = [];
    for (const w of list) {
      const failure = await w.api().then(
        (a) => (a.success ? null : JSON.stringify(a).slice(0, 300)),
        (error) => error.message,
      );
      if (failure) log(`${w.name} left out: ${failure}`);
      else answering.push(w);
    }
    const results = await runRounds(answering, { rounds: ROUNDS, clients: CLIENTS, durationMs: DURATION_MS, cpuPids: { api: server.pid } });
    const lines = (await pool.query(`select (select count(*) from order_charge) + (select count(*) from finance_record) as n`)).rows[0].n;
    ratioReport(
      `${ORDERS.toLocaleString()} orders, ${Number(lines).toLocaleString()} finance lines, ${CLIENTS} clients, ${ROUNDS} rounds of ${DURATION_MS / 1000} s`,
      results,
    );
  }
  if (wanted('report')) await reportRun(token);
} catch (error) {
  console.error(error.stack ?? error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
