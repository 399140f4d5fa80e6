import { Injectable } from '@nestjs/common';
import type { Principal } from '../common/access.decorators.js';
import { AppError, FieldErrors } from '../common/app-error.js';
import { t } from '../common/messages.js';
import { updateWithVer } from '../common/ver.js';
import { skipTake, toPage } from '../common/pagination.js';
import { Prisma, type OrderCharge } from '../generated/prisma/client.js';
import { OrdersService } from '../orders/order/orders.service.js';
import { PrismaService, type Tx } from '../prisma/prisma.service.js';
import { dayOf, dayText, FinanceLookups, num, todayShanghai, type OrderRef } from './finance-lookups.service.js';
import { marginOf, TYPE_DICT, type ChargeKind } from './finance-rules.js';
import type { ChargeAddDto, ChargeChangeDto, ChargeListDto, QuoteChargeDto } from './finance.dto.js';

/** The expenseType value a quotation's freight is billed as. */
const FREIGHT = '运费';
import { OrderFiguresService } from './order-figures.service.js';
import { RecordsService } from './records.service.js';
import { moneyOrders, moneyOrdersWith, seesAllMoney } from './finance-scope.js';

export type ChargeView = ReturnType<typeof chargeView>;

function chargeView(c: OrderCharge, orderNo: string | null) {
  return { ...c, orderNo, amount: num(c.amount)!, rate: num(c.rate)!, bookAmount: num(c.bookAmount)!, chargedOn: dayText(c.chargedOn) };
}

/** An order's figures as answers show them (numbers, profit and margin). */
export function figuresView(f: { revenue: Prisma.Decimal; payable: Prisma.Decimal; expense: Prisma.Decimal; received: Prisma.Decimal; outstanding: Prisma.Decimal; billedOn: Date | null } | null) {
  const revenue = num(f?.revenue ?? null) ?? 0;
  const payable = num(f?.payable ?? null) ?? 0;
  const expense = num(f?.expense ?? null) ?? 0;
  const cost = Math.round((payable + expense) * 100) / 100;
  const profit = Math.round((revenue - cost) * 100) / 100;
  return { revenue, payable, expense, cost, received: num(f?.received ?? null) ?? 0, outstanding: num(f?.outstanding ?? null) ?? 0, profit, margin: marginOf(revenue, profit), billedOn: dayText(f?.billedOn ?? null) };
}

/**
 * The receivable and payable lines of the orders (finance/add/{receivable|payable}, verify/*): each change
 * recomputes the order's figures in its transaction. An order whose commission is settled (brokerage) or
 * that is voided takes no changes.
 */
@Injectable()
export class ChargesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly lookups: FinanceLookups,
    private readonly figures: OrderFiguresService,
    private readonly records: RecordsService,
    private readonly orders: OrdersService,
  ) {}

  /**
   * The order's freight billed from its quotation (the price valid on the order's day for its chargeable
   * weight, docs/orders.md "Price"): a receivable of type 运费 in the price's currency.
   */
  async addFromQuote(orderId: number, dto: QuoteChargeDto, user: Principal): Promise<ChargeView> {
    const { quote, reason } = await this.orders.price(orderId, user);
    if (!quote) throw new AppError(400, 'financeRefusedPlain', { text: reason ?? '' });
    const remark = `${t('financeQuoteRemark', { channel: quote.channel, quantity: quote.quantity, unit: quote.unit, unitPrice: quote.unitPrice }, 'zh')}`;
    return this.add('receivable', { orderId, type: FREIGHT, amount: Math.round(quote.amount * 100) / 100, currency: quote.currency, rate: dto.rate ?? null, remark }, user);
  }

  async add(kind: ChargeKind, dto: ChargeAddDto, user: Principal): Promise<ChargeView> {
    const errors: Record<string, string[]> = {};
    const order = await this.lookups.usableOrder(dto.orderId, moneyOrders(user), errors);
    if (order && order.stage === 'brokerage') errors.orderId = [t('financeChargeFrozen', { no: order.orderNo })];
    const money = await this.lookups.checkMoney({ type: dto.type, amount: dto.amount, currency: dto.currency, rate: dto.rate ?? null }, TYPE_DICT.charge, errors);
    if (!money || Object.keys(errors).length) throw new FieldErrors(errors);
    const charge = await this.prisma.db.$transaction(async (tx) => {
      await this.figures.lock(tx, [dto.orderId]);
      await this.assertOpen(tx, dto.orderId);
      const created = await tx.orderCharge.create({
        data: {
          orderId: dto.orderId,
          kind,
          type: dto.type,
          amount: dto.amount,
          currency: dto.currency,
          rate: money.rate,
          bookAmount: money.bookAmount,
          counterparty: dto.counterparty ?? null,
          chargedOn: dayOf(dto.chargedOn ?? todayShanghai()),
          remark: dto.remark ?? null,
          createdBy: user.userId,
        },
      });
      await this.figures.refresh(tx, [dto.orderId]);
      return created;
    });
    return chargeView(charge, order!.orderNo);
  }

  /** The order may still take charge changes (checked again under its row lock). */
  private async assertOpen(tx: Tx, orderId: number) {
    const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { orderNo: true, stage: true, sideState: true } });
    if (order.stage === 'brokerage') throw AppError.badRequest('financeChargeFrozen', { no: order.orderNo });
    if (order.sideState === 'delete') throw AppError.badRequest('financeOrderVoided', { no: order.orderNo });
  }

  async update(dto: ChargeChangeDto, user: Principal): Promise<ChargeView> {
    const charge = await this.prisma.db.$transaction(async (tx) => {
      const current = await this.scoped(tx, dto.id, user);
      await this.figures.lock(tx, [current.orderId]);
      await this.assertOpen(tx, current.orderId);
      const errors: Record<string, string[]> = {};
      const currency = dto.currency ?? current.currency;
      const amount = dto.amount ?? current.amount.toNumber();
      const rate = dto.rate !== undefined ? dto.rate : currency !== current.currency ? null : current.rate.toNumber();
      const money = await this.lookups.checkMoney({ type: dto.type ?? current.type, amount, currency, rate }, TYPE_DICT.charge, errors);
      if (!money || Object.keys(errors).length) throw new FieldErrors(errors);
      const { id, ver, chargedOn, ...fields } = dto;
      const updated = await updateWithVer(tx.orderCharge, id, ver, {
        ...fields,
        currency,
        amount,
        rate: money.rate,
        bookAmount: money.bookAmount,
        ...(chargedOn ? { chargedOn: dayOf(chargedOn) } : {}),
      });
      await this.figures.refresh(tx, [current.orderId]);
      return updated;
    });
    const orders = await this.lookups.orders([charge.orderId]);
    return chargeView(charge, orders.get(charge.orderId)?.orderNo ?? null);
  }

  async remove(id: number, user: Principal): Promise<void> {
    await this.prisma.db.$transaction(async (tx) => {
      const current = await this.scoped(tx, id, user);
      await this.figures.lock(tx, [current.orderId]);
      await this.assertOpen(tx, current.orderId);
      await tx.orderCharge.delete({ where: { id } });
      await this.figures.refresh(tx, [current.orderId]);
    });
  }

  /** The charge if its order's money is in the caller's scope; else 404. */
  private async scoped(tx: Tx, id: number, user: Principal): Promise<OrderCharge> {
    const charge = await tx.orderCharge.findUnique({ where: { id } });
    if (!charge || !(await tx.order.count({ where: moneyOrdersWith(user, { id: charge.orderId }) }))) throw AppError.notFound();
    return charge;
  }

  async list(query: ChargeListDto, user: Principal) {
    const where: Prisma.OrderChargeWhereInput = {};
    // whoever does not see every order's money lists the charges of one order of theirs at a time
    if (!seesAllMoney(user) && !query.orderId) throw new FieldErrors({ orderId: [t('financeOrderRequiredForList')] });
    if (query.orderId) {
      if (!(await this.prisma.db.order.count({ where: moneyOrdersWith(user, { id: query.orderId }) }))) throw AppError.notFound();
      where.orderId = query.orderId;
    }
    if (query.orderNo) where.AND = [{ orderId: { in: await this.lookups.orderIdsByPrefix(query.orderNo, moneyOrders(user)) } }];
    if (query.kind) where.kind = query.kind;
    if (query.type) where.type = query.type;
    if (query.currency) where.currency = query.currency;
    if (query.chargedFrom || query.chargedTo) where.chargedOn = { gte: query.chargedFrom ? dayOf(query.chargedFrom) : undefined, lte: query.chargedTo ? dayOf(query.chargedTo) : undefined };
    const { skip, take } = skipTake(query);
    const [rows, total, sums] = await Promise.all([
      this.prisma.db.orderCharge.findMany({ where, orderBy: [{ chargedOn: 'desc' }, { id: 'desc' }], skip, take }),
      this.prisma.db.orderCharge.count({ where }),
      this.prisma.db.orderCharge.groupBy({ by: ['currency'], where, _sum: { amount: true, bookAmount: true }, _count: { _all: true }, orderBy: { currency: 'asc' } }),
    ]);
    const orders = await this.lookups.orders(rows.map((r) => r.orderId));
    return {
      ...toPage(rows.map((r) => chargeView(r, orders.get(r.orderId)?.orderNo ?? null)), total, query),
      totals: sums.map((s) => ({ currency: s.currency, amount: num(s._sum.amount) ?? 0, bookAmount: num(s._sum.bookAmount) ?? 0, count: s._count._all })),
    };
  }

  /** The reconciliation of an order: what it billed, cost, received and still owes, with every line and record behind it. */
  async reconciliation(orderId: number, user: Principal) {
    const order = await this.prisma.db.order.findFirst({ where: moneyOrdersWith(user, { id: orderId }), select: { id: true, orderNo: true, shipType: true, stage: true, sideState: true, customerId: true, salesmanId: true } });
    if (!order) throw AppError.notFound();
    const [charges, records, figures, commission, customers, users] = await Promise.all([
      this.prisma.db.orderCharge.findMany({ where: { orderId }, orderBy: { id: 'asc' } }),
      this.prisma.db.financeRecord.findMany({ where: { orderId }, orderBy: { id: 'asc' } }),
      this.prisma.db.orderFinance.findUnique({ where: { orderId } }),
      this.prisma.db.orderCommission.findFirst({ where: { orderId, reversedAt: null } }),
      this.lookups.customers([order.customerId]),
      this.lookups.userNames([order.salesmanId]),
    ]);
    const named = await this.records.named(records);
    const lines = (kind: ChargeKind) => charges.filter((c) => c.kind === kind).map((c) => chargeView(c, order.orderNo));
    return {
      order: { ...order, customerCode: customers.get(order.customerId)?.code ?? null, customerName: customers.get(order.customerId)?.companyName ?? null, salesmanName: users.get(order.salesmanId) ?? null },
      figures: figuresView(figures),
      receivables: lines('receivable'),
      payables: lines('payable'),
      entries: named.filter((r) => r.kind === 'entry'),
      outgoings: named.filter((r) => r.kind === 'outgoing'),
      commission: commission ? { ...commission, base: num(commission.base), rate: num(commission.rate), amount: num(commission.amount) } : null,
    };
  }

  /** Used by the cost import: payables for many orders in one transaction (the caller checked every row). */
  async addPayables(tx: Tx, rows: { order: OrderRef; type: string; amount: number; currency: string; rate: number; bookAmount: number; counterparty: string | null; chargedOn: string; remark: string | null }[], user: Principal) {
    const orderIds = await this.figures.lock(tx, rows.map((r) => r.order.id));
    for (const id of orderIds) await this.assertOpen(tx, id);
    await tx.orderCharge.createMany({
      data: rows.map((r) => ({
        orderId: r.order.id,
        kind: 'payable',
        type: r.type,
        amount: r.amount,
        currency: r.currency,
        rate: r.rate,
        bookAmount: r.bookAmount,
        counterparty: r.counterparty,
        chargedOn: dayOf(r.chargedOn),
        remark: r.remark,
        createdBy: user.userId,
      })),
    });
    await this.figures.refresh(tx, orderIds);
    return orderIds.length;
  }
}
