/**
 * The customer's history (docs/customers.md, History): one row per review, release to the pool (by hand,
 * with its reason), drop into the pool (the daily rule) and claim. The reclaim wait reads it too.
 */
export const CUSTOMER_LOG_ACTIONS = ['approve', 'reject', 'release', 'drop', 'claim'] as const;
export type CustomerLogAction = (typeof CUSTOMER_LOG_ACTIONS)[number];

/** The longest reason of a release (the form and the server check the same number). */
export const RELEASE_REASON_MAX = 500;

/** The actions by which a salesman loses a customer to the pool. */
export const LOSING_ACTIONS: readonly CustomerLogAction[] = ['release', 'drop'];

/** The list screens (/customers/<list>), all served by one call. */
export const CUSTOMER_LISTS = ['checkList', 'editList', 'checkPendingList', 'monthSixList', 'publicList', 'unprotectedList', 'protectedList'] as const;
export type CustomerList = (typeof CUSTOMER_LISTS)[number];
