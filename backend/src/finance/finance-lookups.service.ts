import { bookAmountOf, MAX_AMOUNT, rateFor } from '@forwarder/domain';
import { Injectable } from '@nestjs/common';
import { FieldErrors } from '../common/app-error.js';
import { t } from '../common/messages.js';
import type { Prisma } from '../generated/prisma/client.js';
import { customerNames, namesOf, userNames, type CustomerName } from '../prisma/name-lookups.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { DictService } from '../admin/dict/dict.service.js';

export interface MoneyFields {
  type?: string;
  amount?: number;
  currency?: string;
  rate?: number | null;
}

export interface OrderRef {
  id: number;
  orderNo: string;
  shipType: string;
  stage: string;
  sideState: string | null;
  customerId: number;
  salesmanId: number;
}

/** Lookups the finance services share: dictionary values, the money fields' checks, orders and names. */
@Injectable()
export class FinanceLookups {
  constructor(
    private readonly prisma: PrismaService,
    private readonly dict: DictService,
  ) {}

  /** A dictionary's enabled values, from the dictionaries' memory (DictService). */
  dictValues(dictCode: string): Promise<string[]> {
    return this.dict.enabledValues(dictCode);
  }

  /**
   * Checks the type (against `typeDict`), currency and rate of an amount; answers the field errors and,
   * when there are none, the rate to store and the book amount.
   */
  async checkMoney(fields: Required<MoneyFields>, typeDict: string, errors: Record<string, string[]>): Promise<{ rate: number; bookAmount: number } | null> {
    const [types, currencies] = await Promise.all([this.dictValues(typeDict), this.dict.currencies()]);
    if (!types.includes(fields.type)) errors.type = [t('financeTypeInvalid', { list: types.join(', ') })];
    if (!currencies.includes(fields.currency)) errors.currency = [t('priceCurrencyInvalid', { list: currencies.join(', ') })];
    const rate = rateFor(fields.currency, fields.rate);
    if (rate === null) errors.rate = [t('financeRateRequired')];
    if (Object.keys(errors).length || rate === null) return null;
    const bookAmount = bookAmountOf(fields.amount, rate);
    if (bookAmount > MAX_AMOUNT) {
      errors.amount = [t('financeBookAmountTooLarge', { max: MAX_AMOUNT })];
      return null;
    }
    return { rate, bookAmount };
  }

  /**
   * The order if it exists within `scope` (the caller's order scope for records, their money scope for
   * charges: finance-scope.ts) and is not voided; else a field error on orderId.
   */
  async usableOrder(orderId: number, scope: Prisma.OrderWhereInput, errors: Record<string, string[]>): Promise<OrderRef | null> {
    const order = await this.prisma.db.order.findFirst({ where: { AND: [scope, { id: orderId }] }, select: ORDER_REF });
    if (!order) errors.orderId = [t('financeOrderInvalid')];
    else if (order.sideState === 'delete') errors.orderId = [t('financeOrderVoided', { no: order.orderNo })];
    return order;
  }

  /**
   * The ids of the orders within `scope` (the caller's: finance-scope.ts) whose number starts with `prefix`
   * (at most 1,000: a shorter prefix is a field error asking for more of the number, rather than a
   * silently cut list). Only orders of the scope are counted, so the error reveals nothing of others.
   */
  async orderIdsByPrefix(prefix: string, scope: Prisma.OrderWhereInput): Promise<number[]> {
    const rows = await this.prisma.db.order.findMany({
      where: { AND: [scope, { orderNo: { startsWith: prefix.toUpperCase() } }] },
      select: { id: true },
      take: ORDER_PREFIX_CAP + 1,
    });
    if (rows.length > ORDER_PREFIX_CAP) throw new FieldErrors({ orderNo: [t('financeOrderNoTooShort', { cap: ORDER_PREFIX_CAP })] });
    return rows.map((r) => r.id);
  }

  async orders(ids: Iterable<number | null>): Promise<Map<number, OrderRef>> {
    const list = [...new Set([...ids].filter((id): id is number => id !== null))];
    if (!list.length) return new Map();
    const rows = await this.prisma.db.order.findMany({ where: { id: { in: list } }, select: ORDER_REF });
    return new Map(rows.map((o) => [o.id, o]));
  }

  userNames(ids: Iterable<number | null>): Promise<Map<number, string>> {
    return userNames(this.prisma, ids);
  }

  customers(ids: Iterable<number | null>): Promise<Map<number, CustomerName>> {
    return customerNames(this.prisma, ids);
  }

  /** The customers and salesmen of a page of order rows (and the users `moreUsers` names), in one statement. */
  async people(rows: readonly Pick<OrderPeopleRow, 'customer_id' | 'salesman_id'>[], moreUsers: number[] = []): Promise<People> {
    const { customers, users } = await namesOf(this.prisma, {
      customers: rows.map((r) => r.customer_id),
      users: [...rows.map((r) => r.salesman_id), ...moreUsers],
    });
    return { customers, users };
  }
}

/** The columns of an order a finance list's raw row carries. */
export interface OrderPeopleRow {
  order_id: number;
  order_no: string;
  ship_type: string;
  customer_id: number;
  salesman_id: number;
}

export interface People {
  customers: Map<number, CustomerName>;
  users: Map<number, string>;
}

/** The fields a finance list of orders starts with: the order, and its customer and salesman by id and name. */
export const orderPeople = (r: OrderPeopleRow, { customers, users }: People) => ({
  orderId: r.order_id,
  orderNo: r.order_no,
  shipType: r.ship_type,
  customerId: r.customer_id,
  customerName: customers.get(r.customer_id)?.companyName ?? null,
  salesmanId: r.salesman_id,
  salesmanName: users.get(r.salesman_id) ?? null,
});

/** At most this many orders an order-number prefix may match in the record and charge lists. */
export const ORDER_PREFIX_CAP = 1000;

export const ORDER_REF = { id: true, orderNo: true, shipType: true, stage: true, sideState: true, customerId: true, salesmanId: true } as const;

/** Decimal columns as JSON numbers. */
export const num = (d: { toNumber(): number } | null) => (d === null ? null : d.toNumber());
