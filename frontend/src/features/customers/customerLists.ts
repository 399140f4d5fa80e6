import { CUSTOMER_LISTS, type CustomerList } from '@forwarder/domain';
import type { PermissionCode } from '@forwarder/domain';
/**
 * The seven customer lists as data: which list a route shows, which columns it has and which row
 * actions it offers (docs/customers.md, "The lists"). The screen itself is one component.
 */

/** Columns some lists add to the common ones. */
export type CustomerColumn =
  | 'salesman'
  | 'reviewStatus'
  | 'createdBy'
  | 'reviewer'
  | 'reviewedAt'
  | 'reviewRemark'
  | 'protectedUntil'
  | 'lastOrderAt'
  | 'idleSince'
  | 'publicSince'
  | 'acceptEmail'
  | 'wechatCount';

export type CustomerAction = 'check' | 'protect' | 'unprotect' | 'release' | 'claim' | 'edit' | 'bindCode' | 'delete';

/** The permission each action needs (the server checks the same codes). */
export const ACTION_PERMISSION: Record<CustomerAction | 'acceptEmail' | 'detail', PermissionCode> = {
  check: 'customers:check',
  protect: 'customers:protect',
  unprotect: 'customers:protect',
  release: 'customers:release',
  claim: 'customers:catch',
  edit: 'customers:modify',
  bindCode: 'customers:bindcode',
  delete: 'customers:delete',
  acceptEmail: 'customers:modify',
  detail: 'customers:detail',
};

interface ListSettings {
  columns: readonly CustomerColumn[];
  /** offered on the list's rows (protect and unprotect follow the row's protection) */
  actions: readonly CustomerAction[];
  /** the e-mail switch can be flipped (not in the pool: a pool customer must be claimed first) */
  editableEmail: boolean;
  /** filtering by salesman makes sense (not in the pool, where nobody owns the customers) */
  bySalesman: boolean;
}

const OWNED_APPROVED: readonly CustomerColumn[] = ['salesman', 'reviewedAt', 'protectedUntil', 'lastOrderAt', 'acceptEmail', 'wechatCount'];
const OWNED_APPROVED_ACTIONS: readonly CustomerAction[] = ['protect', 'unprotect', 'edit', 'bindCode', 'release', 'delete'];

export const LIST_SETTINGS: Record<CustomerList, ListSettings> = {
  checkPendingList: {
    columns: ['salesman', 'reviewStatus', 'createdBy', 'reviewRemark', 'acceptEmail'],
    actions: ['check', 'edit', 'delete'],
    editableEmail: true,
    bySalesman: true,
  },
  editList: {
    columns: ['salesman', 'reviewer', 'reviewedAt', 'reviewRemark', 'acceptEmail'],
    actions: ['edit', 'delete'],
    editableEmail: true,
    bySalesman: true,
  },
  checkList: { columns: OWNED_APPROVED, actions: OWNED_APPROVED_ACTIONS, editableEmail: true, bySalesman: true },
  protectedList: { columns: OWNED_APPROVED, actions: OWNED_APPROVED_ACTIONS, editableEmail: true, bySalesman: true },
  unprotectedList: { columns: OWNED_APPROVED, actions: OWNED_APPROVED_ACTIONS, editableEmail: true, bySalesman: true },
  monthSixList: {
    columns: ['salesman', 'idleSince', 'lastOrderAt', 'protectedUntil', 'acceptEmail', 'wechatCount'],
    actions: OWNED_APPROVED_ACTIONS,
    editableEmail: true,
    bySalesman: true,
  },
  publicList: { columns: ['publicSince', 'lastOrderAt', 'acceptEmail'], actions: ['claim'], editableEmail: false, bySalesman: false },
};

/** The list a route shows: the last part of its path (/customers/publicList → publicList). */
export function customerListOf(path: string): CustomerList | null {
  const last = path.replace(/\/+$/, '').split('/').at(-1) ?? '';
  return (CUSTOMER_LISTS as readonly string[]).includes(last) ? (last as CustomerList) : null;
}

/** What a row offers: the list's actions the user may use and that fit the row's state. */
export function rowActions(
  list: CustomerList,
  row: { protected: boolean; lastOrderAt: string | null },
  may: (permission: PermissionCode) => boolean,
): CustomerAction[] {
  return LIST_SETTINGS[list].actions.filter((action) => {
    if (!may(ACTION_PERMISSION[action])) return false;
    if (action === 'protect') return !row.protected;
    if (action === 'unprotect') return row.protected;
    // a customer that ever ordered (or went through the pool) stays
    if (action === 'delete') return row.lastOrderAt === null;
    return true;
  });
}

/**
 * What the detail drawer offers on one customer: review while it awaits review, release while an
 * approved customer has an owner; each to holders of its code, on customers in their scope (their own,
 * or every salesman's with customers:all). The server judges the same again.
 */
export function detailActions(
  customer: { reviewStatus: string; salesmanId: number | null },
  viewer: { userId: number | null; seesAll: boolean },
  may: (permission: PermissionCode) => boolean,
): ('check' | 'release')[] {
  const inScope = customer.salesmanId !== null && (viewer.seesAll || customer.salesmanId === viewer.userId);
  const actions: ('check' | 'release')[] = [];
  if (inScope && customer.reviewStatus === 'pending' && may(ACTION_PERMISSION.check)) actions.push('check');
  if (inScope && customer.reviewStatus === 'approved' && may(ACTION_PERMISSION.release)) actions.push('release');
  return actions;
}
