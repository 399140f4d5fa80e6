import {
  chargeAmounts,
  chargeChangeRefusal,
  type ChargeKind,
  type ChargeOrderState,
  type ChargeRefusal,
  marginOf,
  TYPE_DICT,
  dayOf,
  dayText,
  todayShanghai,
} from '@forwarder/domain';
import { HttpStatus, Injectable } from '@nestjs/common';
import { holdsAny, type Principal } from '../common/access.decorators.js';
import { AppError, FieldErrors } from '../common/app-error.js';
import { t, type MessageKey } from '../common/messages.js';
import { updateWithVer } from '../common/ver.js';
import { skipTake, toPage } from '../common/pagination.js';
import { Prisma, type OrderCharge } from '../generated/prisma/client.js';
import { OrdersService } from '../orders/order/orders.service.js';
import { PrismaService, type Tx } from '../prisma/prisma.service.js';
import { FinanceLookups, num, type OrderRef } from './finance-lookups.service.js';
import type { ChargeAddDto, ChargeChangeDto, ChargeListDto, ChargeVoidDto, QuoteChargeDto } from './finance.dto.js';
import { OrderFiguresService } from './order-figures.service.js';
import { RecordsService } from './records.service.js';
import { moneyOrders, moneyOrdersWith, seesAllMoney } from './finance-scope.js';

/** The expenseType value a quotation's freight is billed as. */
const FREIGHT = '运费';

/** What each entry of a charge's trail says was done. */
export type ChargeAction = 'add' | 'quote' | 'import' | 'update' | 'void';

/** The fields of a line the trail keeps before and after a change. */
const TRAILED = ['kind', 'type', 'amount', 'currency', 'rate', 'taxRate', 'tax', 'bookAmount', 'counterparty', 'chargedOn', 'remark'] as const;
type Trailed = Record<string, string | number | null>;

export type ChargeView = ReturnType<typeof chargeView>;

function chargeView(charge: OrderCharge, orderNo: string | null) {
  // the import's line key is the duplicate check's, not the screens'
  const { importLine: _importLine, ...c } = charge;
  const amount = num(c.amount)!;
  const tax = num(c.tax)!;
  return {
    ...c,
    kind: c.kind as ChargeKind,
    orderNo,
    amount,
    rate: num(c.rate)!,
    taxRate: num(c.taxRate)!,
    tax,
    total: (Math.round(amount * 100) + Math.round(tax * 100)) / 100,
    bookAmount: num(c.bookAmount)!,
    chargedOn: dayText(c.chargedOn),
  };
}

/** A line's trailed fields as the trail stores them (numbers, days as YYYY-MM-DD). */
function trailOf(c: OrderCharge): Trailed {
  const view = chargeView(c, null);
  return Object.fromEntries(TRAILED.map((field) => [field, view[field]]));
}

/** Only the fields a change moved, before and after. */
function changedFields(before: Trailed, after: Trailed): { before: Trailed; after: Trailed } {
  const fields = TRAILED.filter((field) => before[field] !== after[field]);
  return { before: Object.fromEntries(fields.map((f) => [f, before[f]])), after: Object.fromEntries(fields.map((f) => [f, after[f]])) };
}

const yuan = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The answer to a refusal of the rule of charge changes: its status, message and parameters. */
export function chargeRefusalMessage(refusal: ChargeRefusal, orderNo: string): { status: HttpStatus; key: MessageKey; params: Record<string, string> } {
  switch (refusal.reason) {
    case 'voided':
      return { status: HttpStatus.BAD_REQUEST, key: 'financeOrderVoided', params: { no: orderNo } };
    case 'brokerage':
      return { status: HttpStatus.BAD_REQUEST, key: 'financeChargeFrozen', params: { no: orderNo } };
    case 'underAudit':
      // 400, not 403: the web client takes a 403 for a missing permission and leaves the page for /403
      return { status: HttpStatus.BAD_REQUEST, key: 'financeChargeUnderAudit', params: { no: orderNo, records: refusal.records.join(', ') } };
    case 'belowReceived':
      return {
        status: HttpStatus.BAD_REQUEST,
        key: 'financeChargeBelowReceived',
        params: { received: yuan(refusal.received), revenue: yuan(refusal.revenue) },
      };
  }
}

/** An order's figures as answers show them (numbers, profit and margin). */
export function figuresView(
  f: {
    revenue: Prisma.Decimal;
    payable: Prisma.Decimal;
    expense: Prisma.Decimal;
    received: Prisma.Decimal;
    outstanding: Prisma.Decimal;
    billedOn: Date | null;
  } | null,
) {
  const revenue = num(f?.revenue ?? null) ?? 0;
  const payable = num(f?.payable ?? null) ?? 0;
  const expense = num(f?.expense ?? null) ?? 0;
  const cost = Math.round((payable + expense) * 100) / 100;
  const profit = Math.round((revenue - cost) * 100) / 100;
  return {
    revenue,
    payable,
    expense,
    cost,
    received: num(f?.received ?? null) ?? 0,
    outstanding: num(f?.outstanding ?? null) ?? 0,
    profit,
    margin: marginOf(revenue, profit),
    billedOn: dayText(f?.billedOn ?? null),
  };
}

/**
 * The receivable and payable lines of the orders (finance/add/{receivable|payable}, finance/charge/*,
 * verify/*). Every change runs under the order's row lock, obeys the rule of charge changes
 * (finance-rules.ts `chargeChangeRefusal`), recomputes the order's figures and writes the charge's
 * trail (`order_charge_log`), all in one transaction. A line is voided, never deleted.
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
    const amount = Math.round(quote.amount * 100) / 100;
    return this.add(
      'receivable',
      { orderId, type: FREIGHT, amount, currency: quote.currency, rate: dto.rate ?? null, taxRate: dto.taxRate, remark },
      user,
      'quote',
    );
  }

  async add(kind: ChargeKind, dto: ChargeAddDto, user: Principal, action: ChargeAction = 'add'): Promise<ChargeView> {
    const errors: Record<string, string[]> = {};
    const order = await this.lookups.usableOrder(dto.orderId, moneyOrders(user), errors);
    const taxRate = dto.taxRate ?? 0;
    const { tax, total } = chargeAmounts(dto.amount, taxRate, 1);
    const money = await this.lookups.checkMoney({ type: dto.type, amount: total, currency: dto.currency, rate: dto.rate ?? null }, TYPE_DICT.charge, errors);
    if (!money || Object.keys(errors).length) throw new FieldErrors(errors);
    const charge = await this.prisma.db.$transaction((tx) =>
      this.changing(tx, dto.orderId, user, 'amount', async () => {
        const created = await tx.orderCharge.create({
          data: {
            orderId: dto.orderId,
            kind,
            type: dto.type,
            amount: dto.amount,
            currency: dto.currency,
            rate: money.rate,
            taxRate,
            tax,
            bookAmount: money.bookAmount,
            counterparty: dto.counterparty ?? null,
            chargedOn: dayOf(dto.chargedOn ?? todayShanghai()),
            remark: dto.remark ?? null,
            createdBy: user.userId,
          },
        });
        await this.log(tx, created, action, null, trailOf(created), null, user);
        return created;
      }),
    );
    return chargeView(charge, order!.orderNo);
  }

  async update(dto: ChargeChangeDto, user: Principal): Promise<ChargeView> {
    const charge = await this.prisma.db.$transaction(async (tx) => {
      const current = await this.scoped(tx, dto.id, user);
      return this.changing(tx, current.orderId, user, 'amount', async () => {
        const errors: Record<string, string[]> = {};
        const currency = dto.currency ?? current.currency;
        const amount = dto.amount ?? current.amount.toNumber();
        const taxRate = dto.taxRate ?? current.taxRate.toNumber();
        const rate = dto.rate !== undefined ? dto.rate : currency !== current.currency ? null : current.rate.toNumber();
        const { tax, total } = chargeAmounts(amount, taxRate, 1);
        const money = await this.lookups.checkMoney({ type: dto.type ?? current.type, amount: total, currency, rate }, TYPE_DICT.charge, errors);
        if (!money || Object.keys(errors).length) throw new FieldErrors(errors);
        const { id, ver, chargedOn, ...fields } = dto;
        const updated = await updateWithVer(tx.orderCharge, id, ver, {
          ...fields,
          currency,
          amount,
          taxRate,
          tax,
          rate: money.rate,
          bookAmount: money.bookAmount,
          ...(chargedOn ? { chargedOn: dayOf(chargedOn) } : {}),
        });
        const { before, after } = changedFields(trailOf(current), trailOf(updated));
        await this.log(tx, updated, 'update', before, after, null, user);
        return updated;
      });
    });
    const orders = await this.lookups.orders([charge.orderId]);
    return chargeView(charge, orders.get(charge.orderId)?.orderNo ?? null);
  }

  /** Voids a line: it stays, with who voided it, when and why, and no longer counts in the order's figures. */
  async void(id: number, dto: ChargeVoidDto, user: Principal): Promise<ChargeView> {
    const charge = await this.prisma.db.$transaction(async (tx) => {
      const current = await this.scoped(tx, id, user);
      return this.changing(tx, current.orderId, user, null, async () => {
        const voided = await updateWithVer(tx.orderCharge, id, dto.ver, { voidedAt: new Date(), voidedBy: user.userId, voidReason: dto.reason });
        await this.log(tx, voided, 'void', { voidedAt: null }, { voidedAt: voided.voidedAt!.toISOString() }, dto.reason, user);
        return voided;
      });
    });
    const orders = await this.lookups.orders([charge.orderId]);
    return chargeView(charge, orders.get(charge.orderId)?.orderNo ?? null);
  }

  /**
   * `DELETE order/verify/delete/{id}` of the catalogue: nothing disappears without a trace, so the line is
   * voided with the reason 删除 (at the version read here).
   */
  async remove(id: number, user: Principal): Promise<void> {
    const current = await this.scoped(this.prisma.db, id, user);
    await this.void(id, { reason: t('financeChargeDeleteReason', {}, 'zh'), ver: current.ver }, user);
  }

  /**
   * Runs `write` as a change of the order's charges: locks the order, asks the rule whether the order
   * takes changes from this user, writes, recomputes the figures and asks the rule again with the billed
   * revenue before and after (the received floor). A refusal after the write rolls the transaction back;
   * `floorField` names the field its message goes under (null: a plain message).
   */
  private async changing<R>(tx: Tx, orderId: number, user: Principal, floorField: string | null, write: () => Promise<R>): Promise<R> {
    await this.figures.lock(tx, [orderId]);
    const [states, figures] = await Promise.all([
      this.chargeStates(tx, [orderId]),
      tx.orderFinance.findUnique({ where: { orderId }, select: { revenue: true } }),
    ]);
    const state = states.get(orderId)!;
    const canAudit = holdsAny(user, ['finance:audit']);
    refuse(chargeChangeRefusal(state, canAudit), state.orderNo, floorField);
    const result = await write();
    await this.figures.refresh(tx, [orderId]);
    const after = await tx.orderFinance.findUniqueOrThrow({ where: { orderId }, select: { revenue: true, received: true } });
    const revenue = { before: num(figures?.revenue ?? null) ?? 0, after: after.revenue.toNumber(), received: after.received.toNumber() };
    refuse(chargeChangeRefusal(state, canAudit, revenue), state.orderNo, floorField);
    return result;
  }

  private async log(tx: Tx, charge: OrderCharge, action: ChargeAction, before: Trailed | null, after: Trailed | null, reason: string | null, user: Principal) {
    await tx.orderChargeLog.create({
      data: {
        chargeId: charge.id,
        orderId: charge.orderId,
        action,
        before: before ?? Prisma.DbNull,
        after: after ?? Prisma.DbNull,
        reason,
        userId: user.userId,
      },
    });
  }

  /** The charge if its order's money is in the caller's scope (else 404) and it is not voided (else 400). */
  private async scoped(tx: Pick<Tx, 'orderCharge' | 'order'>, id: number, user: Principal): Promise<OrderCharge> {
    const charge = await tx.orderCharge.findUnique({ where: { id } });
    if (!charge || !(await tx.order.count({ where: moneyOrdersWith(user, { id: charge.orderId }) }))) throw AppError.notFound();
    if (charge.voidedAt) throw AppError.badRequest('financeChargeVoided');
    return charge;
  }

  /** The live (not voided) lines, newest charge day first, with the sums per currency. */
  async list(query: ChargeListDto, user: Principal) {
    const where: Prisma.OrderChargeWhereInput = { voidedAt: null };
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
    if (query.chargedFrom || query.chargedTo)
      where.chargedOn = { gte: query.chargedFrom ? dayOf(query.chargedFrom) : undefined, lte: query.chargedTo ? dayOf(query.chargedTo) : undefined };
    const { skip, take } = skipTake(query);
    const [rows, total, sums] = await Promise.all([
      this.prisma.db.orderCharge.findMany({ where, orderBy: [{ chargedOn: 'desc' }, { id: 'desc' }], skip, take }),
      this.prisma.db.orderCharge.count({ where }),
      this.prisma.db.orderCharge.groupBy({
        by: ['currency'],
        where,
        _sum: { amount: true, tax: true, bookAmount: true },
        _count: { _all: true },
        orderBy: { currency: 'asc' },
      }),
    ]);
    const orders = await this.lookups.orders(rows.map((r) => r.orderId));
    return {
      ...toPage(
        rows.map((r) => chargeView(r, orders.get(r.orderId)?.orderNo ?? null)),
        total,
        query,
      ),
      totals: sums.map((s) => ({
        currency: s.currency,
        amount: num(s._sum.amount) ?? 0,
        tax: num(s._sum.tax) ?? 0,
        bookAmount: num(s._sum.bookAmount) ?? 0,
        count: s._count._all,
      })),
    };
  }

  /**
   * The reconciliation of an order: what it billed, cost, received and still owes, with every line (the
   * voided ones too, marked, with who voided them) and record behind it.
   */
  async reconciliation(orderId: number, user: Principal) {
    const order = await this.prisma.db.order.findFirst({
      where: moneyOrdersWith(user, { id: orderId }),
      select: { id: true, orderNo: true, shipType: true, stage: true, sideState: true, customerId: true, salesmanId: true },
    });
    if (!order) throw AppError.notFound();
    const [charges, records, figures, commission, customers] = await Promise.all([
      this.prisma.db.orderCharge.findMany({ where: { orderId }, orderBy: { id: 'asc' } }),
      this.prisma.db.financeRecord.findMany({ where: { orderId }, orderBy: { id: 'asc' } }),
      this.prisma.db.orderFinance.findUnique({ where: { orderId } }),
      this.prisma.db.orderCommission.findFirst({ where: { orderId, reversedAt: null } }),
      this.lookups.customers([order.customerId]),
    ]);
    const [named, users] = await Promise.all([
      this.records.shown(records, user),
      this.lookups.userNames([order.salesmanId, ...charges.map((c) => c.voidedBy)]),
    ]);
    const lines = (kind: ChargeKind) =>
      charges
        .filter((c) => c.kind === kind)
        .map((c) => ({ ...chargeView(c, order.orderNo), voidedByName: c.voidedBy === null ? null : (users.get(c.voidedBy) ?? null) }));
    return {
      order: {
        ...order,
        customerCode: customers.get(order.customerId)?.code ?? null,
        customerName: customers.get(order.customerId)?.companyName ?? null,
        salesmanName: users.get(order.salesmanId) ?? null,
      },
      figures: figuresView(figures),
      receivables: lines('receivable'),
      payables: lines('payable'),
      entries: named.filter((r) => r.kind === 'entry'),
      outgoings: named.filter((r) => r.kind === 'outgoing'),
      commission: commission ? { ...commission, base: num(commission.base), rate: num(commission.rate), amount: num(commission.amount) } : null,
    };
  }

  /** The trail of an order's charges, newest first, with the names of who changed them and each line's kind and type. */
  async trail(orderId: number, user: Principal) {
    if (!(await this.prisma.db.order.count({ where: moneyOrdersWith(user, { id: orderId }) }))) throw AppError.notFound();
    const rows = await this.prisma.db.orderChargeLog.findMany({ where: { orderId }, orderBy: { id: 'desc' }, take: TRAIL_LIMIT });
    const [users, charges] = await Promise.all([
      this.lookups.userNames(rows.map((r) => r.userId)),
      this.prisma.db.orderCharge.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.chargeId))] } }, select: { id: true, kind: true, type: true } }),
    ]);
    const byId = new Map(charges.map((c) => [c.id, c]));
    return rows.map((r) => ({
      ...r,
      action: r.action as ChargeAction,
      // the trail's fields as log() wrote them
      before: r.before as Trailed | null,
      after: r.after as Trailed | null,
      kind: (byId.get(r.chargeId)?.kind ?? null) as ChargeKind | null,
      type: byId.get(r.chargeId)?.type ?? null,
      userName: users.get(r.userId) ?? null,
    }));
  }

  /**
   * Used by the cost import: payables for many orders in one transaction (the caller checked every row),
   * each order asked the rule of charge changes again under its lock, each line in the trail. A line whose
   * `importLine` is already booked (not voided) is not booked again: the answer names it with the charge it
   * repeats. Asked under the orders' locks, so of two imports of one file the second finds the first's lines.
   */
  async addPayables(
    tx: Tx,
    rows: {
      importLine: string;
      order: OrderRef;
      type: string;
      amount: number;
      currency: string;
      rate: number;
      taxRate: number;
      counterparty: string | null;
      chargedOn: string;
      remark: string | null;
    }[],
    user: Principal,
  ) {
    const orderIds = await this.figures.lock(
      tx,
      rows.map((r) => r.order.id),
    );
    const states = await this.chargeStates(tx, orderIds);
    const canAudit = holdsAny(user, ['finance:audit']);
    for (const [, state] of states) refuse(chargeChangeRefusal(state, canAudit), state.orderNo, null);
    const booked = await tx.orderCharge.findMany({
      where: { importLine: { in: rows.map((r) => r.importLine) }, voidedAt: null },
      select: { id: true, importLine: true },
    });
    const duplicates = new Map(booked.map((c) => [c.importLine!, c.id]));
    const fresh = rows.filter((r) => !duplicates.has(r.importLine));
    if (!fresh.length) return { orders: 0, duplicates };
    const created = await tx.orderCharge.createManyAndReturn({
      data: fresh.map((r) => {
        const { tax, bookAmount } = chargeAmounts(r.amount, r.taxRate, r.rate);
        return {
          orderId: r.order.id,
          kind: 'payable',
          type: r.type,
          amount: r.amount,
          currency: r.currency,
          rate: r.rate,
          taxRate: r.taxRate,
          tax,
          bookAmount,
          counterparty: r.counterparty,
          chargedOn: dayOf(r.chargedOn),
          remark: r.remark,
          importLine: r.importLine,
          createdBy: user.userId,
        };
      }),
    });
    await tx.orderChargeLog.createMany({
      data: created.map((c) => ({ chargeId: c.id, orderId: c.orderId, action: 'import', after: trailOf(c), userId: user.userId })),
    });
    const changed = [...new Set(created.map((c) => c.orderId))];
    await this.figures.refresh(tx, changed);
    return { orders: changed.length, duplicates };
  }

  /** The orders as the rule of charge changes sees them (with their records pending audit), by id. */
  async chargeStates(db: Pick<Tx, 'order' | 'financeRecord'>, orderIds: number[]): Promise<Map<number, ChargeOrderState & { orderNo: string }>> {
    const [orders, pending] = await Promise.all([
      db.order.findMany({ where: { id: { in: orderIds } }, select: { id: true, orderNo: true, stage: true, sideState: true } }),
      db.financeRecord.findMany({ where: { orderId: { in: orderIds }, status: 'pending' }, select: { orderId: true, recordNo: true }, orderBy: { id: 'asc' } }),
    ]);
    return new Map(
      orders.map((o) => [
        o.id,
        { orderNo: o.orderNo, stage: o.stage, sideState: o.sideState, pendingRecords: pending.filter((r) => r.orderId === o.id).map((r) => r.recordNo) },
      ]),
    );
  }
}

/** At most this many trail entries of one order are answered (newest). */
const TRAIL_LIMIT = 500;

/** Throws the answer of a refusal of the rule of charge changes; the received floor goes under `floorField` when given. */
function refuse(refusal: ChargeRefusal | null, orderNo: string, floorField: string | null): void {
  if (!refusal) return;
  const { status, key, params } = chargeRefusalMessage(refusal, orderNo);
  if (refusal.reason === 'belowReceived' && floorField) throw new FieldErrors({ [floorField]: [t(key, params)] });
  throw new AppError(status, key, params);
}
