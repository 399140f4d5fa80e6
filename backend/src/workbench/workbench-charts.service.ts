import { holdsAny, type Principal } from '../common/access.decorators.js';
import { todayShanghai } from '@forwarder/domain';
import { Injectable } from '@nestjs/common';
import { arrearsStatements } from '../finance/analysis-sql.js';
import { moneyScope } from '../finance/finance-scope.js';
import { Prisma } from '../generated/prisma/client.js';
import { orderScopeSql } from '../orders/order/order-scope.js';
import { PrismaService } from '../prisma/prisma.service.js';

const sql = Prisma.sql;
const number = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

/** How far back the volume chart looks, in days, and the money charts in months (this one included). */
export const VOLUME_DAYS = 90;
export const MONEY_MONTHS = 12;

/** Finance codes that let a user see money on the workbench (in their money scope: finance:list everyone's, else their own customers'). */
const MONEY_CODES = ['finance:list', 'finance:arrears', 'finance:inquiry'] as const;

export interface WorkbenchCharts {
  /** Orders registered in the last 90 days per line and stage (or side state), voided ones left out (index:stageCount). */
  volume?: { shipType: string; stage: string; orders: number }[];
  /** Money outstanding today by age of the bill (days since billing), for users who may see money. */
  arrears?: { d0_30: number; d31_60: number; d61_90: number; d90plus: number };
  /** Receivables (revenue billed) and margin (revenue less payables and expenses) per month of the orders' registration, oldest first. */
  monthly?: { month: string; receivable: number; margin: number }[];
}

/**
 * The workbench's charts, in the caller's scope, each one aggregate statement: the volume over `orders` (its
 * created_at and salesman indexes, scoped as the order lists are), the arrears and the months over the tables
 * of sums the finance screens read (arrears_day, finance_day: a few rows per day, scoped as the finance screens
 * are). A chart the user may not see is left out of the answer.
 */
@Injectable()
export class WorkbenchChartsService {
  constructor(private readonly prisma: PrismaService) {}

  async charts(user: Principal, now = new Date()): Promise<WorkbenchCharts> {
    const seesMoney = holdsAny(user, MONEY_CODES);
    const [volume, arrears, monthly] = await Promise.all([
      holdsAny(user, ['index:stageCount']) ? this.volume(user, now) : undefined,
      seesMoney ? this.arrears(user, now) : undefined,
      seesMoney ? this.monthly(user, now) : undefined,
    ]);
    return { volume, arrears, monthly };
  }

  private async volume(user: Principal, now: Date) {
    const since = new Date(now.getTime() - VOLUME_DAYS * 86_400_000);
    const rows = await this.prisma.readRows<{ ship_type: string; stage: string; orders: number }[]>(
      sql`select ship_type, coalesce(side_state, stage) as stage, count(*)::int as orders
            from orders
           where created_at >= ${since} and (side_state is null or side_state <> 'delete') and ${orderScopeSql(user, sql`salesman_id`)}
           group by 1, 2 order by 1, 2`,
    );
    return rows.map((row) => ({ shipType: row.ship_type, stage: row.stage, orders: row.orders }));
  }

  /** The arrears screen's own totals (analysis-sql.ts) for every line, today. */
  private async arrears(user: Principal, now: Date) {
    const { totals } = arrearsStatements({ groupBy: 'salesman' }, moneyScope(user), todayShanghai(now), { take: 1, skip: 0 });
    const [row] = await this.prisma.readRows<Record<string, unknown>[]>(totals);
    return { d0_30: number(row?.d0_30), d31_60: number(row?.d31_60), d61_90: number(row?.d61_90), d90plus: number(row?.d90plus) };
  }

  private async monthly(user: Principal, now: Date) {
    const { ownSalesmanId } = moneyScope(user);
    const today = todayShanghai(now);
    // finance_day's salesman 0 holds every salesman's sums (as the inquiry's totals read it)
    const rows = await this.prisma.readRows<{ month: string; revenue: unknown; cost: unknown }[]>(
      sql`select to_char(d.created_on, 'YYYY-MM') as month, sum(d.revenue) as revenue, sum(d.cost) as cost
            from finance_day d
           where d.salesman_id = ${ownSalesmanId ?? 0}
             and d.created_on >= (date_trunc('month', ${today}::date) - make_interval(months => ${MONEY_MONTHS - 1}))::date
           group by 1 order by 1`,
    );
    return rows.map((row) => ({ month: row.month, receivable: number(row.revenue), margin: Math.round((number(row.revenue) - number(row.cost)) * 100) / 100 }));
  }
}
