import { bucketOf, todayShanghai } from '@forwarder/domain';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../common/access.decorators.js';
import { FieldErrors } from '../common/app-error.js';
import { t } from '../common/messages.js';
import { skipTake, toPage } from '../common/pagination.js';
import type { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { arrearsStatements, INQUIRY_COUNT_CAP, inquiryStatements } from './analysis-sql.js';
import { moneyScope } from './finance-scope.js';
import { figuresView } from './charges.service.js';
import { FinanceLookups, orderPeople } from './finance-lookups.service.js';
import type { ArrearsDto, InquiryDto } from './finance.dto.js';

const number = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/**
 * Arrears and the order inquiry: each one SQL statement for the page and one for the totals, served by
 * indexes (the partial order_finance_arrears_* indexes hold only orders with money outstanding).
 */
@Injectable()
export class AnalysisService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly lookups: FinanceLookups,
  ) {}

  async arrears(query: ArrearsDto, user: Principal) {
    const asOf = query.asOf ?? todayShanghai();
    const statements = arrearsStatements(query, moneyScope(user), asOf, skipTake(query));
    const totalsQuery = this.prisma.readRows<Record<string, unknown>[]>(statements.totals);
    const buckets = (r: Record<string, unknown>) => ({
      d0_30: number(r.d0_30),
      d31_60: number(r.d31_60),
      d61_90: number(r.d61_90),
      d90plus: number(r.d90plus),
    });

    if (query.groupBy === 'order') {
      const [rows, [totals]] = await Promise.all([
        this.prisma.readRows<
          {
            order_id: number;
            order_no: string;
            ship_type: string;
            customer_id: number;
            salesman_id: number;
            revenue: unknown;
            received: unknown;
            outstanding: unknown;
            billed_on: Date;
            age: number;
          }[]
        >(statements.page),
        totalsQuery,
      ]);
      const people = await this.lookups.people(rows);
      const items = rows.map((r) => ({
        ...orderPeople(r, people),
        customerCode: people.customers.get(r.customer_id)?.code ?? null,
        revenue: number(r.revenue),
        received: number(r.received),
        outstanding: number(r.outstanding),
        billedOn: r.billed_on.toISOString().slice(0, 10),
        ageDays: r.age,
        bucket: bucketOf(Math.max(r.age, 0)),
      }));
      return {
        ...toPage(items, totals.orders as number, query),
        asOf,
        totals: { orders: totals.orders as number, outstanding: number(totals.outstanding), ...buckets(totals) },
      };
    }

    const [rows, [totals]] = await Promise.all([this.prisma.readRows<Record<string, unknown>[]>(statements.page), totalsQuery]);
    const ids = rows.map((r) => r.id as number);
    const groups = totals.groups as number;
    const totalsView = { orders: totals.orders as number, outstanding: number(totals.outstanding), ...buckets(totals) };
    if (query.groupBy === 'customer') {
      const customers = await this.lookups.customers(ids);
      const items = rows.map((r) => ({
        customerId: r.id as number,
        customerCode: customers.get(r.id as number)?.code ?? null,
        customerName: customers.get(r.id as number)?.companyName ?? null,
        orders: r.orders as number,
        outstanding: number(r.outstanding),
        ...buckets(r),
      }));
      return { ...toPage(items, groups, query), asOf, totals: totalsView };
    }
    const users = await this.lookups.userNames(ids);
    const items = rows.map((r) => ({
      salesmanId: r.id as number,
      salesmanName: users.get(r.id as number) ?? null,
      orders: r.orders as number,
      outstanding: number(r.outstanding),
      ...buckets(r),
    }));
    return { ...toPage(items, groups, query), asOf, totals: totalsView };
  }

  /** An order's whole financial picture, searchable; newest orders first. */
  async inquiry(query: InquiryDto, user: Principal) {
    const page = skipTake(query);
    if (page.skip >= INQUIRY_COUNT_CAP) throw new FieldErrors({ pageIndex: [t('orderPageBeyondCap', { cap: INQUIRY_COUNT_CAP })] });
    const statements = inquiryStatements(query, moneyScope(user), page);
    const [rows, [counted], [totals]] = await Promise.all([
      this.prisma.readRows<
        {
          order_id: number;
          order_no: string;
          ship_type: string;
          stage: string;
          side_state: string | null;
          customer_id: number;
          salesman_id: number;
          container_no: string | null;
          created_at: Date;
          revenue: Prisma.Decimal | null;
          payable: Prisma.Decimal | null;
          expense: Prisma.Decimal | null;
          received: Prisma.Decimal | null;
          outstanding: Prisma.Decimal | null;
          billed_on: Date | null;
          commission: Prisma.Decimal | null;
        }[]
      >(statements.page),
      this.prisma.readRows<{ n: number }[]>(statements.count),
      this.prisma.readRows<Record<string, unknown>[]>(statements.totals),
    ]);
    const people = await this.lookups.people(rows);
    const items = rows.map((r) => {
      const figures = figuresView(
        r.revenue === null
          ? null
          : { revenue: r.revenue, payable: r.payable!, expense: r.expense!, received: r.received!, outstanding: r.outstanding!, billedOn: r.billed_on },
      );
      return {
        ...orderPeople(r, people),
        stage: r.stage,
        sideState: r.side_state,
        customerCode: people.customers.get(r.customer_id)?.code ?? null,
        containerNo: r.container_no,
        createdAt: r.created_at,
        ...figures,
        commission: r.commission === null ? null : Number(r.commission),
      };
    });
    const revenue = number(totals.revenue);
    const cost = number(totals.cost);
    return {
      ...toPage(items, Math.min(counted.n, INQUIRY_COUNT_CAP), query),
      totalCapped: counted.n > INQUIRY_COUNT_CAP,
      totals: { revenue, cost, received: number(totals.received), outstanding: number(totals.outstanding), profit: Math.round((revenue - cost) * 100) / 100 },
    };
  }
}
