import dayjs, { type Dayjs } from 'dayjs';
import type { OrderDetail, OrderUpdate, WarehouseUpdate } from './api';

const SEA_ONLY = ['containerNo', 'sealNo', 'vesselVoyage'] as const;
const AIR_ONLY = ['waybillNo', 'flightNo'] as const;

/** The texts the basic tab edits, each with the longest text its column takes. */
export const TEXT_MAX = {
  goodsName: 200,
  channel: 100,
  consignee: 200,
  consigneePhone: 30,
  deliveryAddress: 500,
  containerNo: 20,
  sealNo: 30,
  waybillNo: 50,
  customsDeclarationNo: 50,
  vesselVoyage: 100,
  flightNo: 20,
  billOfLadingNo: 50,
} as const;
export const EDITABLE_TEXTS = Object.keys(TEXT_MAX) as (keyof typeof TEXT_MAX)[];
/** Every text of the form: those, the currency (a choice) and the remark. */
export const TEXT_FIELDS = [...EDITABLE_TEXTS, 'currency', 'remark'] as const;
export const NUMBER_FIELDS = ['packages', 'grossWeight', 'volume', 'chargeableWeight', 'declaredValue'] as const;
/** The estimated times the form edits; the arrival and delivery times are the moves' stamps, shown only (MOVE_STAMPS). */
export const TIME_FIELDS = ['etd', 'eta'] as const;

type TextField = (typeof TEXT_FIELDS)[number];
type NumberField = (typeof NUMBER_FIELDS)[number];
type TimeField = (typeof TIME_FIELDS)[number];

/** The basic form's values: texts, numbers, and times as dayjs for the pickers. */
export type OrderFormValues = { [K in TextField]?: string | null } & { [K in NumberField]?: number | null } & { [K in TimeField]?: Dayjs | null };

const isAir = (order: Pick<OrderDetail, 'shipType'>) => order.shipType === 'airtransport';

/** Whether a stage field belongs to the order's kind of line (container and vessel for sea, waybill and flight for air). */
export function fieldApplies(order: Pick<OrderDetail, 'shipType'>, field: string): boolean {
  if ((SEA_ONLY as readonly string[]).includes(field)) return !isAir(order);
  if ((AIR_ONLY as readonly string[]).includes(field)) return isAir(order);
  return true;
}

export function toFormValues(order: OrderDetail): OrderFormValues {
  const values: OrderFormValues = {};
  for (const field of TEXT_FIELDS) values[field] = order[field];
  for (const field of NUMBER_FIELDS) values[field] = order[field];
  for (const field of TIME_FIELDS) values[field] = order[field] ? dayjs(order[field]) : null;
  return values;
}

/**
 * The `all/update` body: only what the form changed, so the server recomputes the chargeable weight when
 * weight or volume change and it was not touched. Blank texts clear (null); times go as ISO 8601.
 */
export function changedFields(order: OrderDetail, values: OrderFormValues): OrderUpdate {
  const body: OrderUpdate = { id: order.id, ver: order.ver };
  const set = body as Record<string, unknown>;
  for (const field of TEXT_FIELDS) {
    if (!(field in values)) continue;
    const next = values[field]?.trim() || null;
    if (next !== (order[field] ?? null)) set[field] = next;
  }
  for (const field of NUMBER_FIELDS) {
    if (!(field in values)) continue;
    const next = values[field] ?? null;
    if (next !== (order[field] ?? null)) set[field] = next;
  }
  for (const field of TIME_FIELDS) {
    if (!(field in values)) continue;
    const next = values[field]?.toISOString() ?? null;
    const current = order[field] ? new Date(order[field]).toISOString() : null;
    if (next !== current) set[field] = next;
  }
  return body;
}

/** The warehouse correction form (`warehouse/update`). */
export interface WarehouseValues {
  packages?: number | null;
  grossWeight?: number | null;
  volume?: number | null;
  warehouseLocation?: string | null;
  receivedAt?: Dayjs | null;
}

/** Only what the form changed (the work record keeps before and after of each field sent); a blank figure keeps its value. */
export function warehouseChanges(order: OrderDetail, values: WarehouseValues) {
  const changes: Omit<WarehouseUpdate, 'orderId' | 'ver'> = {};
  for (const field of ['packages', 'grossWeight', 'volume'] as const) {
    const value = values[field];
    if (value != null && value !== order[field]) changes[field] = value;
  }
  const location = values.warehouseLocation?.trim() || null;
  if (location !== (order.warehouseLocation ?? null)) changes.warehouseLocation = location;
  const receivedAt = values.receivedAt ? values.receivedAt.toISOString() : null;
  if (receivedAt !== (order.receivedAt ? new Date(order.receivedAt).toISOString() : null)) changes.receivedAt = receivedAt;
  return changes;
}
