import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client.js';
import type { Tx } from '../prisma/prisma.service.js';

/**
 * An order's money, as lateral joins on `orders o`: from its live (not voided) charges `c` (revenue,
 * payable, billed_on) and its verified records `r` (expense, received). What refresh stores, and what
 * `npm run bench:finance` checks the stored figures against (it imports this from the built backend).
 */
export const ORDER_FIGURES_JOINS = `
  cross join lateral (
    select coalesce(sum(book_amount) filter (where kind = 'receivable'), 0) as revenue,
           coalesce(sum(book_amount) filter (where kind = 'payable'), 0) as payable,
           min(charged_on) filter (where kind = 'receivable') as billed_on
      from order_charge where order_id = o.id and voided_at is null) c
  cross join lateral (
    select coalesce(sum(book_amount) filter (where kind = 'outgoing'), 0) as expense,
           coalesce(sum(book_amount) filter (where kind = 'entry'), 0) as received
      from finance_record where order_id = o.id and status = 'locked') r`;

/**
 * The money of each order in book currency (`order_finance`): recomputed from its live (not voided)
 * charges and its verified records inside the transaction of every change that moves them, after the orders' rows are
 * locked — so two changes of one order's money run one after the other and the second sees the first.
 */
@Injectable()
export class OrderFiguresService {
  /** Locks the orders' rows (by id, so concurrent callers cannot deadlock) without blocking their foreign keys. */
  async lock(tx: Tx, orderIds: Iterable<number | null>): Promise<number[]> {
    const ids = [...new Set([...orderIds].filter((id): id is number => id !== null))].sort((a, b) => a - b);
    if (ids.length) await tx.$queryRaw`select id from orders where id = any(${ids}::int[]) order by id for no key update`;
    return ids;
  }

  /** Locks the orders and recomputes their figures in one statement. */
  async refresh(tx: Tx, orderIds: Iterable<number | null>): Promise<void> {
    const ids = await this.lock(tx, orderIds);
    if (!ids.length) return;
    await tx.$executeRaw`
      insert into order_finance (order_id, ship_type, salesman_id, customer_id, order_created_at, revenue, payable, expense, received, outstanding, billed_on, updated_at)
      select o.id, o.ship_type, o.salesman_id, o.customer_id, o.created_at, c.revenue, c.payable, r.expense, r.received, c.revenue - r.received, c.billed_on, now()
        from orders o ${Prisma.raw(ORDER_FIGURES_JOINS)}
       where o.id = any(${ids}::int[])
      on conflict (order_id) do update set
        revenue = excluded.revenue, payable = excluded.payable, expense = excluded.expense, received = excluded.received,
        outstanding = excluded.outstanding, billed_on = excluded.billed_on, updated_at = excluded.updated_at`;
  }
}
