import { type CustomerList } from '@forwarder/domain';
import type { Prisma } from '../generated/prisma/client.js';
import { ownedCustomers, type Viewer } from './customer-scope.js';

/**
 * The customer life cycle as data: review states and the seven list screens, each defined once and
 * turned into SQL conditions here (the data scope: customer-scope.ts; docs/customers.md tells the rules in words).
 */

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

const NOTHING: Prisma.CustomerWhereInput = { id: { in: [] } };

/**
 * The idle clock of an approved customer starts at its last order (claiming from the pool also stamps
 * it), else at its approval. Customers whose clock started before `cutoff` are idle.
 */
export function idleBefore(cutoff: Date): Prisma.CustomerWhereInput {
  return { OR: [{ lastOrderAt: { lt: cutoff } }, { lastOrderAt: null, reviewedAt: { lt: cutoff } }] };
}

export function protectedAt(now: Date): Prisma.CustomerWhereInput {
  return { protectedUntil: { gt: now } };
}

export function unprotectedAt(now: Date): Prisma.CustomerWhereInput {
  return { OR: [{ protectedUntil: null }, { protectedUntil: { lte: now } }] };
}

/** The instant `months` calendar months before `now`; null when the setting turns the pool off (below 1). */
export function idleCutoff(now: Date, months: number): Date | null {
  if (!(months >= 1)) return null;
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - Math.floor(months));
  return cutoff;
}

/**
 * The rows of one list screen within the viewer's scope. Approved lists hold owned customers only: a
 * pool customer (no salesman) is on publicList, which every viewer sees whole.
 */
export function listWhere(list: CustomerList, viewer: Viewer, now: Date, idleCutoffAt: Date | null): Prisma.CustomerWhereInput {
  if (list === 'publicList') return { salesmanId: null };
  const owned = ownedCustomers(viewer);
  switch (list) {
    case 'checkPendingList':
      return { ...owned, reviewStatus: 'pending' };
    case 'editList':
      return { ...owned, reviewStatus: 'rejected' };
    case 'checkList':
      return { ...owned, reviewStatus: 'approved' };
    case 'protectedList':
      return { ...owned, reviewStatus: 'approved', ...protectedAt(now) };
    case 'unprotectedList':
      return { ...owned, reviewStatus: 'approved', ...unprotectedAt(now) };
    case 'monthSixList':
      return idleCutoffAt ? { ...owned, reviewStatus: 'approved', ...idleBefore(idleCutoffAt) } : NOTHING;
  }
}

/** Newest first, except the idle list (longest idle first: never ordered by approval, then by last order) and the pool (latest fallen first). */
export function listOrder(list: CustomerList): Prisma.CustomerOrderByWithRelationInput[] {
  switch (list) {
    case 'monthSixList':
      return [{ lastOrderAt: { sort: 'asc', nulls: 'first' } }, { reviewedAt: 'asc' }, { id: 'asc' }];
    case 'publicList':
      return [{ publicSince: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }];
    default:
      return [{ createdAt: 'desc' }, { id: 'desc' }];
  }
}

/** When the idle clock of a customer started (null while it is not approved). */
export function idleSince(customer: { reviewStatus: string; lastOrderAt: Date | null; reviewedAt: Date | null }): Date | null {
  if (customer.reviewStatus !== 'approved') return null;
  return customer.lastOrderAt ?? customer.reviewedAt;
}

export function isProtected(customer: { protectedUntil: Date | null }, now: Date): boolean {
  return customer.protectedUntil !== null && customer.protectedUntil > now;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function daysAfter(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
