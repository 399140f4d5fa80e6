import { commissionOf, ruleFor, type ShipType } from '@forwarder/domain';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../common/access.decorators.js';
import { AppError, FieldErrors } from '../common/app-error.js';
import { t } from '../common/messages.js';
import { skipTake, toPage } from '../common/pagination.js';
import { updateWithVer } from '../common/ver.js';
import { Prisma, type CommissionRule } from '../generated/prisma/client.js';
import { OrderUpgradeDto } from '../orders/order/orders.dto.js';
import { OrdersService } from '../orders/order/orders.service.js';
import { PrismaService, type Tx } from '../prisma/prisma.service.js';
import { moneyOrdersWith, moneyScope, moneySql } from './finance-scope.js';
import { figuresView } from './charges.service.js';
import { FinanceLookups, num, orderPeople } from './finance-lookups.service.js';
import type { BrokerageDemotionDto, RebateListDto, RuleSaveDto } from './finance.dto.js';

const sql = Prisma.sql;

interface DueRow {
  order_id: number;
  order_no: string;
  ship_type: string;
  customer_id: number;
  salesman_id: number;
  delivered_at: Date | null;
  revenue: Prisma.Decimal;
  payable: Prisma.Decimal;
  expense: Prisma.Decimal;
  received: Prisma.Decimal;
  outstanding: Prisma.Decimal;
  billed_on: Date | null;
}

const ruleView = (r: CommissionRule) => ({ ...r, shipType: r.shipType as ShipType | null, basis: r.basis as RuleSaveDto['basis'], rate: num(r.rate)! });

/**
 * Commissions (docs/finance.md): due when an order is delivered and fully paid, computed by the most
 * specific rule; paying them moves the orders to brokerage through the orders' own stage move in the
 * same transaction, and the brokerage demotion reverses them.
 */
@Injectable()
export class CommissionService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly orders: OrdersService,
    private readonly lookups: FinanceLookups,
  ) {}

  /** The commission an order's figures earn under the rules (null: no rule matches). */
  private computed(rules: CommissionRule[], row: DueRow, customerLevel: string | null) {
    const rule = ruleFor(rules, { shipType: row.ship_type, salesmanId: row.salesman_id, customerLevel });
    const figures = figuresView({
      revenue: row.revenue,
      payable: row.payable,
      expense: row.expense,
      received: row.received,
      outstanding: row.outstanding,
      billedOn: row.billed_on,
    });
    if (!rule) return { figures, rule: null, base: null, rate: null, commission: null };
    const base = rule.basis === 'profit' ? figures.profit : figures.revenue;
    const rate = rule.rate.toNumber();
    return { figures, rule, base, rate, commission: commissionOf(base, rate) };
  }

  /** Orders delivered, moving normally, with revenue and nothing outstanding. */
  private dueRows(db: Tx | PrismaService['db'], filter: Prisma.Sql, take: number, skip: number) {
    return db.$queryRaw<DueRow[]>`
      select o.id as order_id, o.order_no, o.ship_type, o.customer_id, o.salesman_id, o.delivered_at,
             f.revenue, f.payable, f.expense, f.received, f.outstanding, f.billed_on
        from order_finance f join orders o on o.id = f.order_id
       where f.outstanding <= 0 and f.revenue > 0 and o.stage = 'completeDelivery' and o.side_state is null and ${filter}
       order by o.delivered_at nulls last, o.id
       limit ${take} offset ${skip}`;
  }

  private listFilter(query: Pick<RebateListDto, 'shipType' | 'salesmanId' | 'customerId' | 'orderNo'>, user: Principal, alias: Prisma.Sql) {
    // the caller's scope AND the filters: a filter naming another salesman or customer only narrows
    const parts: Prisma.Sql[] = [moneySql(moneyScope(user), sql`${alias}.salesman_id`)];
    if (query.salesmanId) parts.push(sql`${alias}.salesman_id = ${query.salesmanId}`);
    if (query.customerId) parts.push(sql`${alias}.customer_id = ${query.customerId}`);
    if (query.shipType) parts.push(sql`o.ship_type = ${query.shipType}`);
    if (query.orderNo) parts.push(sql`o.order_no like ${`${query.orderNo.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
    return Prisma.join(parts, ' and ');
  }

  async list(query: RebateListDto, user: Principal) {
    const { skip, take } = skipTake(query);
    if (!query.paid) {
      const filter = this.listFilter(query, user, sql`o`);
      const [rows, [counted], rules] = await Promise.all([
        this.dueRows(this.prisma.db, filter, take, skip),
        this.prisma.db.$queryRaw<{ n: number }[]>`
          select count(*)::int as n from order_finance f join orders o on o.id = f.order_id
           where f.outstanding <= 0 and f.revenue > 0 and o.stage = 'completeDelivery' and o.side_state is null and ${filter}`,
        this.prisma.db.commissionRule.findMany({ where: { enabled: true } }),
      ]);
      const people = await this.lookups.people(rows);
      const items = rows.map((r) => {
        const c = this.computed(rules, r, people.customers.get(r.customer_id)?.level ?? null);
        return {
          ...orderPeople(r, people),
          deliveredAt: r.delivered_at,
          revenue: c.figures.revenue,
          cost: c.figures.cost,
          profit: c.figures.profit,
          ruleId: c.rule?.id ?? null,
          ruleName: c.rule?.name ?? null,
          basis: c.rule?.basis ?? null,
          rate: c.rate,
          commission: c.commission,
        };
      });
      return toPage(items, counted.n, query);
    }
    const filter = this.listFilter(query, user, sql`c`);
    const [rows, [counted]] = await Promise.all([
      this.prisma.db.$queryRaw<
        {
          id: number;
          order_id: number;
          order_no: string;
          ship_type: string;
          customer_id: number;
          salesman_id: number;
          rule_id: number | null;
          basis: string;
          base: Prisma.Decimal;
          rate: Prisma.Decimal;
          amount: Prisma.Decimal;
          paid_by: number;
          paid_at: Date;
        }[]
      >`
        select c.id, c.order_id, o.order_no, o.ship_type, o.customer_id, c.salesman_id, c.rule_id, c.basis, c.base, c.rate, c.amount, c.paid_by, c.paid_at
          from order_commission c join orders o on o.id = c.order_id
         where c.reversed_at is null and ${filter}
         order by c.paid_at desc, c.id desc
         limit ${take} offset ${skip}`,
      this.prisma.db.$queryRaw<
        { n: number }[]
      >`select count(*)::int as n from order_commission c join orders o on o.id = c.order_id where c.reversed_at is null and ${filter}`,
    ]);
    const people = await this.lookups.people(
      rows,
      rows.map((r) => r.paid_by),
    );
    const items = rows.map((r) => ({
      id: r.id,
      ...orderPeople(r, people),
      ruleId: r.rule_id,
      basis: r.basis,
      base: Number(r.base),
      rate: Number(r.rate),
      amount: Number(r.amount),
      paidBy: r.paid_by,
      paidByName: people.users.get(r.paid_by) ?? null,
      paidAt: r.paid_at,
    }));
    return toPage(items, counted.n, query);
  }

  /**
   * Pays the commissions of the orders and moves them to brokerage, all or none: each must be delivered,
   * moving normally, fully paid and matched by a rule.
   */
  async pay(ids: number[], user: Principal): Promise<{ count: number; amount: number }> {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    return this.prisma.db.$transaction(async (tx) => {
      // the orders' rows first (the stage move locks them again, harmlessly): nothing moves their money meanwhile
      await tx.$queryRaw`select id from orders where id = any(${unique}::int[]) order by id for update`;
      const found = await tx.order.findMany({ where: moneyOrdersWith(user, { id: { in: unique } }), select: { id: true, orderNo: true } });
      const due = await this.dueRows(tx, sql`o.id = any(${unique}::int[])`, unique.length, 0);
      const rules = await tx.commissionRule.findMany({ where: { enabled: true } });
      const missing = unique.filter((id) => !found.some((o) => o.id === id));
      if (missing.length) throw new AppError(404, 'orderNotFoundIds', { ids: missing.join(', ') });
      const customers = await this.lookups.customers(due.map((r) => r.customer_id));
      const problems: string[] = [];
      const paid: { row: DueRow; c: ReturnType<CommissionService['computed']> }[] = [];
      for (const order of found) {
        const row = due.find((r) => r.order_id === order.id);
        if (!row) {
          problems.push(t('financeNotDue', { no: order.orderNo }));
          continue;
        }
        const c = this.computed(rules, row, customers.get(row.customer_id)?.level ?? null);
        if (!c.rule) problems.push(t('financeNoRule', { no: order.orderNo }));
        else paid.push({ row, c });
      }
      if (problems.length) throw new FieldErrors({ ids: problems });
      await this.orders.upgrade('brokerage', Object.assign(new OrderUpgradeDto(), { ids: unique }), user, tx);
      await tx.orderCommission.createMany({
        data: paid.map(({ row, c }) => ({
          orderId: row.order_id,
          ruleId: c.rule!.id,
          basis: c.rule!.basis,
          base: c.base!,
          rate: c.rate!,
          amount: c.commission!,
          salesmanId: row.salesman_id,
          paidBy: user.userId,
        })),
      });
      const amount = Math.round(paid.reduce((sum, p) => sum + p.c.commission! * 100, 0)) / 100;
      return { count: unique.length, amount };
    });
  }

  /** Brokerage back to completeDelivery with a reason; the commission in force is marked reversed (never deleted). */
  async demote(orderId: number, dto: BrokerageDemotionDto, user: Principal) {
    await this.prisma.db.$transaction(async (tx) => {
      await this.orders.demoteBrokerage(tx, orderId, { reason: dto.reason, ver: dto.ver }, user);
      await tx.orderCommission.updateMany({
        where: { orderId, reversedAt: null },
        data: { reversedAt: new Date(), reversedBy: user.userId, reverseReason: dto.reason },
      });
    });
    return this.orders.detail(orderId, user);
  }

  async rules() {
    const rules = await this.prisma.db.commissionRule.findMany({ orderBy: { id: 'asc' } });
    return rules.map(ruleView);
  }

  async saveRule(dto: RuleSaveDto) {
    const errors: Record<string, string[]> = {};
    if (dto.customerLevel && !(await this.lookups.dictValues('customerLevel')).includes(dto.customerLevel)) errors.customerLevel = [t('financeLevelInvalid')];
    if (dto.salesmanId && !(await this.prisma.db.user.count({ where: { id: dto.salesmanId, deletedAt: null } })))
      errors.salesmanId = [t('financeSalesmanInvalid')];
    if (Object.keys(errors).length) throw new FieldErrors(errors);
    const data = {
      name: dto.name,
      shipType: dto.shipType ?? null,
      salesmanId: dto.salesmanId ?? null,
      customerLevel: dto.customerLevel ?? null,
      basis: dto.basis,
      rate: dto.rate,
      enabled: dto.enabled,
    };
    const rule =
      dto.id === undefined ? await this.prisma.db.commissionRule.create({ data }) : await updateWithVer(this.prisma.db.commissionRule, dto.id, dto.ver!, data);
    return ruleView(rule);
  }

  async removeRule(id: number) {
    const rule = await this.prisma.db.commissionRule.findUnique({ where: { id } });
    if (!rule) throw AppError.notFound();
    await this.prisma.db.commissionRule.delete({ where: { id } });
  }
}
