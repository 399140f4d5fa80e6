import { marginOf, shanghaiDay, shanghaiEnd, shanghaiStart } from '@forwarder/domain';
import { Injectable, type StreamableFile } from '@nestjs/common';
import type { Writable } from 'node:stream';
import type { Principal } from '../common/access.decorators.js';
import { FieldErrors } from '../common/app-error.js';
import { t } from '../common/messages.js';
import { keysetPages } from '../common/streams.js';
import { EXPORT_PAGE, writePages, xlsxDownload, type WorkbookWriter } from '../common/xlsx.js';
import { Prisma } from '../generated/prisma/client.js';
import { StageWording } from '../orders/order/stage-names.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { moneyScope, moneySql } from './finance-scope.js';
import { FinanceLookups } from './finance-lookups.service.js';
import type { ReportDto } from './finance.dto.js';
import { DictService } from '../admin/dict/dict.service.js';

/** The longest period one report covers. */
const MAX_DAYS = 366;

const sql = Prisma.sql;

const FIGURES = ['orders', 'revenue', 'payable', 'expense', 'cost', 'received', 'outstanding', 'profit', 'margin', 'commission'] as const;
type Figure = (typeof FIGURES)[number];
type Sums = Record<Exclude<Figure, 'margin'>, number>;
const FIGURE_HEADERS: Record<Figure, string> = {
  orders: '订单数',
  revenue: '应收(CNY)',
  payable: '应付(CNY)',
  expense: '报销(CNY)',
  cost: '成本(CNY)',
  received: '已收(CNY)',
  outstanding: '未收(CNY)',
  profit: '利润(CNY)',
  margin: '利润率',
  commission: '佣金(CNY)',
};
export const LINE_NAMES: Record<string, string> = { smallbag: '小包专线', dedicatedline: '专线', airtransport: '空运' };

const zero = (): Sums => ({ orders: 0, revenue: 0, payable: 0, expense: 0, cost: 0, received: 0, outstanding: 0, profit: 0, commission: 0 });
const cents = (v: number) => Math.round(v * 100) / 100;
/** Adds one row's figures into the running sums in cents, so long sums do not drift. */
function add(sums: Sums, row: Sums) {
  for (const key of Object.keys(sums) as (keyof Sums)[]) sums[key] = key === 'orders' ? sums[key] + row[key] : cents(sums[key] + row[key]);
}
const withMargin = (s: Sums) => ({ ...s, margin: marginOf(s.revenue, s.profit) });

interface DetailRow {
  id: number;
  order_no: string;
  ship_type: string;
  customer_id: number;
  salesman_id: number;
  created_at: Date;
  stage: string;
  revenue: unknown;
  payable: unknown;
  expense: unknown;
  received: unknown;
  outstanding: unknown;
  commission: unknown;
}

/**
 * The finance report (order/finance/reporting): the orders created in a period with their money, and
 * sums by line, salesman and customer, as an xlsx streamed while it is written — the orders are read in
 * keyset batches and each row is committed as it is written, so memory stays flat however long the period.
 */
@Injectable()
export class ReportService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly dict: DictService,
    private readonly lookups: FinanceLookups,
  ) {}

  private filter(dto: ReportDto, user: Principal): Prisma.Sql {
    // the caller's scope AND the filters: a filter naming another salesman or customer only narrows
    const parts = [
      moneySql(moneyScope(user), sql`o.salesman_id`),
      sql`o.created_at >= ${shanghaiStart(dto.from)}`,
      sql`o.created_at < ${shanghaiEnd(dto.to)}`,
      sql`o.side_state is distinct from 'delete'`,
    ];
    if (dto.salesmanId) parts.push(sql`o.salesman_id = ${dto.salesmanId}`);
    if (dto.shipType) parts.push(sql`o.ship_type = ${dto.shipType}`);
    if (dto.customerId) parts.push(sql`o.customer_id = ${dto.customerId}`);
    return Prisma.join(parts, ' and ');
  }

  /** The workbook as a stream, and the number of order rows it will hold (for the client's progress). */
  async report(dto: ReportDto, user: Principal): Promise<{ file: StreamableFile; rows: number }> {
    const days = (shanghaiStart(dto.to).getTime() - shanghaiStart(dto.from).getTime()) / 86_400_000;
    if (days < 0) throw new FieldErrors({ to: [t('financeReportPeriodInvalid')] });
    if (days >= MAX_DAYS) throw new FieldErrors({ to: [t('financeReportPeriodTooLong', { days: MAX_DAYS })] });
    const filter = this.filter(dto, user);
    // straight on the pool (readRows), not through $queryRaw: Prisma's work per statement left ~1 KB per
    // row that outlived the young generation, and the old one grew by ~100 MB a year's report before a
    // major collection (a page of the export's size, 500, since the statement now costs little)
    const read = (after: { created_at: Date; id: number } | null, size: number) =>
      this.prisma.readRows<DetailRow[]>(sql`
        select o.id, o.order_no, o.ship_type, o.customer_id, o.salesman_id, o.created_at, o.stage,
               f.revenue, f.payable, f.expense, f.received, f.outstanding, c.amount as commission
          from orders o
          left join order_finance f on f.order_id = o.id
          left join order_commission c on c.order_id = o.id and c.reversed_at is null
         where ${filter} ${after ? sql`and (o.created_at, o.id) > (${after.created_at}, ${after.id})` : sql``}
         order by o.created_at, o.id
         limit ${size}`);
    // Read before anything is sent, so a failing query is still an error answer.
    const [[counted], pages, words] = await Promise.all([
      this.prisma.db.$queryRaw<{ n: number }[]>`select count(*)::int as n from orders o where ${filter}`,
      keysetPages(read, (r) => ({ created_at: r.created_at, id: r.id }), EXPORT_PAGE),
      StageWording.load(this.dict),
    ]);

    const file = xlsxDownload(`财务报表 ${dto.from}~${dto.to}.xlsx`, async (workbook, out) => {
      const detail = workbook.addWorksheet('订单明细', { views: [{ state: 'frozen', ySplit: 1 }] });
      detail.columns = [
        { header: '订单号', key: 'orderNo', width: 18 },
        { header: '线路', key: 'line', width: 10 },
        { header: '客户', key: 'customer', width: 28 },
        { header: '业务员', key: 'salesman', width: 10 },
        { header: '下单日期', key: 'created', width: 12 },
        { header: '阶段', key: 'stage', width: 16 },
        ...FIGURES.filter((f) => f !== 'orders').map((f) => ({ header: FIGURE_HEADERS[f], key: f, width: 14 })),
      ];
      const total = zero();
      await writePages(pages, out, async (rows) => {
        const { customers, users } = await this.lookups.people(rows);
        for (const r of rows) {
          const figures = figuresOf(r);
          add(total, figures);
          detail
            .addRow({
              orderNo: r.order_no,
              line: LINE_NAMES[r.ship_type] ?? r.ship_type,
              customer: customers.get(r.customer_id)?.companyName ?? '',
              salesman: users.get(r.salesman_id) ?? '',
              created: shanghaiDay(r.created_at),
              stage: words.stage(r.ship_type, r.stage),
              ...withMargin(figures),
            })
            .commit();
        }
      });
      detail.addRow({ orderNo: '合计', ...withMargin(total) }).commit();
      detail.commit();

      await this.summary(
        workbook,
        out,
        '按线路',
        '线路',
        sql`o.ship_type`,
        filter,
        async (keys) => new Map(keys.map((k) => [k, LINE_NAMES[k as string] ?? String(k)])),
      );
      await this.summary(workbook, out, '按销售', '业务员', sql`o.salesman_id`, filter, (keys) => this.lookups.userNames(keys as number[]));
      await this.summary(workbook, out, '按客户', '客户', sql`o.customer_id`, filter, async (keys) => {
        const customers = await this.lookups.customers(keys as number[]);
        return new Map([...customers].map(([id, c]) => [id, `${c.code} ${c.companyName}`]));
      });
    });
    return { file, rows: counted.n };
  }

  /** A sheet of sums per `key` (line, salesman, customer), read in keyset pages like the detail, with a total row. */
  private async summary(
    workbook: WorkbookWriter,
    out: Writable,
    name: string,
    header: string,
    key: Prisma.Sql,
    filter: Prisma.Sql,
    names: (keys: (string | number)[]) => Promise<Map<string | number, string>>,
  ) {
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [{ header, key: 'name', width: 28 }, ...FIGURES.map((f) => ({ header: FIGURE_HEADERS[f], key: f, width: 14 }))];
    const total = zero();
    type SumRow = Omit<DetailRow, 'id' | 'order_no' | 'ship_type' | 'customer_id' | 'salesman_id' | 'created_at' | 'stage'> & {
      key: string | number;
      orders: number;
    };
    const read = (after: string | number | null, size: number) =>
      this.prisma.readRows<SumRow[]>(sql`
        select ${key} as key, count(*)::int as orders, sum(f.revenue) as revenue, sum(f.payable) as payable, sum(f.expense) as expense,
               sum(f.received) as received, sum(f.outstanding) as outstanding, sum(c.amount) as commission
          from orders o
          left join order_finance f on f.order_id = o.id
          left join order_commission c on c.order_id = o.id and c.reversed_at is null
         where ${filter} ${after !== null ? sql`and ${key} > ${after}` : sql``}
         group by ${key} order by ${key}
         limit ${size}`);
    await writePages(await keysetPages(read, (r) => r.key, EXPORT_PAGE), out, async (rows) => {
      const label = await names(rows.map((r) => r.key));
      for (const r of rows) {
        const figures = { ...figuresOf(r), orders: r.orders };
        add(total, figures);
        sheet.addRow({ name: label.get(r.key) ?? String(r.key), ...withMargin(figures) }).commit();
      }
    });
    sheet.addRow({ name: '合计', ...withMargin(total) }).commit();
    sheet.commit();
  }
}

function figuresOf(r: { revenue: unknown; payable: unknown; expense: unknown; received: unknown; outstanding: unknown; commission: unknown }): Sums {
  const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
  const revenue = n(r.revenue);
  const cost = cents(n(r.payable) + n(r.expense));
  return {
    orders: 1,
    revenue,
    payable: n(r.payable),
    expense: n(r.expense),
    cost,
    received: n(r.received),
    outstanding: n(r.outstanding),
    profit: cents(revenue - cost),
    commission: n(r.commission),
  };
}
