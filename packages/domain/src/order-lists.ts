/** Value lists of the order screens that server and client share. */

/** The columns an order list may be sorted by. */
export const ORDER_SORTS = ['createdAt', 'orderNo', 'etd', 'eta', 'grossWeight', 'updatedAt'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** The label templates the server keeps (100*100mm); qrCode is the default. */
export const LABEL_TEMPLATES = ['qrCode', 'barCode'] as const;
export type LabelTemplate = (typeof LABEL_TEMPLATES)[number];
