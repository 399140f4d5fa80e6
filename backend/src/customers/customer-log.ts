import type { CustomerLogAction } from '@forwarder/domain';

/**
 * The customer's history (docs/customers.md, History): one row per review, release to the pool (by hand,
 * with its reason), drop into the pool (the daily rule) and claim (CUSTOMER_LOG_ACTIONS). The reclaim wait reads it too.
 */

export interface CustomerEvent {
  customerId: number;
  action: CustomerLogAction;
  /** the salesman the customer had (release, drop) or gets (claim, review: its owner) */
  salesmanId: number | null;
  reason?: string | null;
  /** who did it; null for the daily rule */
  userId: number | null;
}

type CustomerLogRow = { customerId: number; action: CustomerLogAction; salesmanId: number | null; reason: string | null; userId: number | null };
/** A client or transaction, typed by what is used. */
interface CustomerLogWriter {
  customerLog: { create(args: { data: CustomerLogRow; select: { id: true } }): PromiseLike<unknown> };
}

export function recordCustomerEvent(db: CustomerLogWriter, event: CustomerEvent) {
  return db.customerLog.create({
    data: { customerId: event.customerId, action: event.action, salesmanId: event.salesmanId, reason: event.reason ?? null, userId: event.userId },
    select: { id: true },
  });
}
