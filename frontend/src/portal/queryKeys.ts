/** The react-query key under which the order list and every order detail are kept: the hub's stage moves refresh them all. */
export const ORDERS_KEY = ['portal', 'orders'] as const;
