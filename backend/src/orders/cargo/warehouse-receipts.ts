import { chargeableWeightOf, type ShipType } from '@forwarder/domain';
import { Prisma } from '../../generated/prisma/client.js';
import type { PrismaService } from '../../prisma/prisma.service.js';
import type { Principal } from '../../common/access.decorators.js';
import { orderScopeSql } from '../order/order-scope.js';

/**
 * The warehouse receipt (入仓单), one model for every place that shows one: the Word receipt
 * (`warehouse/word`) prints the order's newest, /log/goods lists them all. A receipt is either a cargo
 * registration (`order_cargo_receipt`: one lot received, `POST register`) or the receipt the move to the
 * warehouse stage writes (`goods_receipt`: the order's figures at the move). Both are numbered from the
 * serial sequence below; the chargeable weight is the line's rule applied to the receipt's own figures.
 */
export const RECEIPT_SERIAL = 'order.receipt';

export const RECEIPT_KINDS = ['register', 'stage'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export interface WarehouseReceipt {
  kind: ReceiptKind;
  /** the row's id in its own table (kind says which) */
  id: number;
  orderId: number;
  orderNo: string;
  receiptNo: string;
  packages: number;
  /** kg */
  grossWeight: number;
  /** cbm */
  volume: number;
  /** kg, by the order's line (chargeableWeightOf) */
  chargeableWeight: number | null;
  /** where the lot was put (registrations that named one) */
  location: string | null;
  remark: string | null;
  /** the staff member who received the goods */
  receivedById: number | null;
  receivedByName: string | null;
  /** when the goods came in: the lot's time of receipt, or the move */
  receivedAt: Date;
  /** when the receipt was written: the newest is the order's current receipt */
  recordedAt: Date;
}

/**
 * Every receipt as one relation `w` with the order's line and salesman (for the scope): filter it with
 * `w.order_id`, `w.salesman_id`, `w.recorded_at`, `w.received_by`, `w.order_no`, `w.receipt_no`, `w.remark`.
 */
const RECEIPTS = Prisma.sql`(
  select 'register' as kind, r.id, r.order_id, o.order_no, o.ship_type, o.salesman_id, r.receipt_no, r.packages,
         r.gross_weight, r.volume, r.location, r.remark, r.created_by as received_by, r.received_at, r.created_at as recorded_at
    from order_cargo_receipt r join orders o on o.id = r.order_id
  union all
  select 'stage', g.id, g.order_id, o.order_no, o.ship_type, o.salesman_id, g.receipt_no, g.packages,
         g.gross_weight, g.volume, null, g.remark, g.operator_id, g.created_at, g.created_at
    from goods_receipt g join orders o on o.id = g.order_id
) w`;

/** The columns a filter on the receipts may name. */
export const RECEIPT_COLUMNS = {
  orderId: Prisma.sql`w.order_id`,
  salesman: Prisma.sql`w.salesman_id`,
  recordedAt: Prisma.sql`w.recorded_at`,
  receivedBy: Prisma.sql`w.received_by`,
  text: [Prisma.sql`w.order_no`, Prisma.sql`w.receipt_no`, Prisma.sql`w.remark`],
};

/** The receipts of the orders in the user's order scope (the condition on `w`). */
export function receiptsInScope(user: Principal): Prisma.Sql {
  return orderScopeSql(user, RECEIPT_COLUMNS.salesman);
}

type Row = Omit<WarehouseReceipt, 'chargeableWeight'> & { shipType: ShipType };

const view = ({ shipType, ...row }: Row): WarehouseReceipt => ({ ...row, chargeableWeight: chargeableWeightOf(shipType, row.grossWeight, row.volume) });

/** Newest first: by when they were written, then by number. */
const NEWEST_FIRST = Prisma.sql`order by w.recorded_at desc, w.receipt_no desc`;

/** The receipts matching `where` (a `where …` clause on `w`, or empty), newest first, one page. */
export async function listReceipts(prisma: PrismaService, where: Prisma.Sql, skip: number, take: number): Promise<WarehouseReceipt[]> {
  const rows = await prisma.db.$queryRaw<Row[]>`
    select w.kind, w.id, w.order_id as "orderId", w.order_no as "orderNo", w.ship_type as "shipType", w.receipt_no as "receiptNo",
           w.packages, w.gross_weight::float8 as "grossWeight", w.volume::float8 as "volume", w.location, w.remark,
           w.received_by as "receivedById", u.full_name as "receivedByName", w.received_at as "receivedAt", w.recorded_at as "recordedAt"
      from ${RECEIPTS} left join app_user u on u.id = w.received_by
    ${where}
    ${NEWEST_FIRST}
     limit ${take} offset ${skip}`;
  return rows.map(view);
}

export async function countReceipts(prisma: PrismaService, where: Prisma.Sql): Promise<number> {
  const [{ count }] = await prisma.db.$queryRaw<{ count: number }[]>`select count(*)::int as "count" from ${RECEIPTS} ${where}`;
  return count;
}

/** The order's current receipt: the newest written, whichever kind. */
export async function currentReceipt(prisma: PrismaService, orderId: number): Promise<WarehouseReceipt | null> {
  const [receipt] = await listReceipts(prisma, Prisma.sql`where ${RECEIPT_COLUMNS.orderId} = ${orderId}`, 0, 1);
  return receipt ?? null;
}
