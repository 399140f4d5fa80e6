import dayjs, { type Dayjs } from 'dayjs';
/**
 * The fourteen list screens of a line as data (docs/orders.md, "Stages", "Side states", "Lists"): which
 * view a route shows, its columns, the batch and row actions it offers and the permission each needs,
 * and the stage data each move asks for. The screen itself is one component (OrderListPage).
 */
import {
  moveInputs,
  ORDER_FLOW,
  orderDataNeeded,
  revokePermission,
  SIDE_STATES,
  upgradePermission,
  type OrderDataField,
  type OrderStage,
  type PermissionCode,
  type SideState,
  type StageField,
  type UpgradeStage,
  type ShipType,
} from '@forwarder/domain';
import { isShipType } from '@/features/ports';
import type { OrderView } from './orderScreens';

export type StageView = Exclude<OrderView, 'all' | SideState>;

/** /dedicatedline/add → dedicatedline. */
export function orderLineOf(path: string): ShipType | null {
  const line = path.replace(/\/+$/, '').split('/').at(-2) ?? '';
  return isShipType(line) ? line : null;
}

export function isStageView(view: OrderView): view is StageView {
  return view !== 'all' && !(SIDE_STATES as readonly string[]).includes(view);
}

/** The stage a stage screen's orders move to next (completeDelivery → brokerage, finance's move). */
export function nextStage(stage: OrderStage): UpgradeStage | null {
  const index = ORDER_FLOW.indexOf(stage);
  return index >= 0 && index < ORDER_FLOW.length - 1 ? (ORDER_FLOW[index + 1] as UpgradeStage) : null;
}

// ---- stage data ----

/**
 * What the dialog of a move to `stage` asks, and the order data it needs (edited on the order, not
 * entered here): both read from the move's row of the domain's STAGES table, from which the server's
 * requirements (`requiredFor`) come too, so what a move needs is written once.
 */

type Fields = Partial<Record<StageField | OrderDataField, unknown>>;
const missing = (value: unknown) => value === null || value === undefined || value === '';

/**
 * The inputs of a move for the chosen orders: a required input stays required only while some order
 * lacks it; the value all the orders share is filled in (one container, one vessel for the batch).
 */
export function stageInputsFor(stage: UpgradeStage, shipType: ShipType, orders: readonly Fields[]) {
  return moveInputs(stage, shipType).map((input) => {
    const values = new Set(orders.map((order) => order[input.name] ?? null));
    const shared = values.size === 1 ? [...values][0] : null;
    return { ...input, required: input.required && orders.some((order) => missing(order[input.name])), initial: missing(shared) ? undefined : shared };
  });
}

/** The orders (by number) that lack order data the move needs, with the missing fields. */
export function ordersLackingData(stage: UpgradeStage, orders: readonly (Fields & { orderNo: string })[]) {
  const needed = orderDataNeeded(stage);
  return orders.map((order) => ({ orderNo: order.orderNo, fields: needed.filter((field) => missing(order[field])) })).filter((lack) => lack.fields.length > 0);
}

// ---- columns ----

/** Column groups beyond the common ones (number, customer, mark, route, goods, quantities, created). */
export type OrderColumn =
  | 'stage'
  | 'sideState'
  | 'channel'
  | 'salesman'
  | 'container'
  | 'customsDeclarationNo'
  | 'voyage'
  | 'etd'
  | 'eta'
  | 'billOfLadingNo'
  | 'arrivedAt'
  | 'consignee'
  | 'deliveredAt';

const LOADED: readonly OrderColumn[] = ['container'];
const SAILING: readonly OrderColumn[] = ['container', 'voyage', 'etd', 'eta', 'billOfLadingNo'];

export const VIEW_COLUMNS: Record<OrderView, readonly OrderColumn[]> = {
  created: ['salesman', 'channel'],
  warehouse: ['salesman', 'channel'],
  prepareCabinet: ['salesman', 'channel'],
  completeCabinet: ['salesman', ...LOADED],
  customs: ['salesman', ...LOADED, 'customsDeclarationNo'],
  sail: ['salesman', ...SAILING],
  arriveCabinet: ['salesman', ...SAILING, 'arrivedAt'],
  dismantleCabinet: ['salesman', 'container', 'arrivedAt', 'consignee'],
  startDelivery: ['salesman', 'container', 'arrivedAt', 'consignee'],
  completeDelivery: ['salesman', 'container', 'consignee', 'deliveredAt'],
  all: ['stage', 'sideState', 'salesman', 'container', 'voyage', 'etd'],
  abnormal: ['stage', 'sideState', 'salesman', 'container'],
  detain: ['stage', 'sideState', 'salesman', 'container'],
  delete: ['stage', 'sideState', 'salesman'],
};

// ---- actions ----

export type BatchAction = 'upgrade' | 'demote' | 'abnormal' | 'detain' | 'void' | 'revoke';
export type RowAction = 'detail' | 'edit' | 'demote' | 'abnormal' | 'detain' | 'void' | 'revoke' | 'issues';

/** The permission each action needs (the server checks the same codes). */
export const ACTION_PERMISSION: Record<Exclude<RowAction | BatchAction, 'upgrade' | 'revoke'>, PermissionCode> = {
  detail: 'order:detail',
  edit: 'order:modify',
  demote: 'order:demotion',
  abnormal: 'order:abnormal',
  detain: 'order:detain',
  void: 'order:delete',
  issues: 'order:bbs',
};

const HOLDS: readonly BatchAction[] = ['abnormal', 'detain', 'void'];
const MOVING_ROW: readonly RowAction[] = ['detail', 'edit', 'demote', 'abnormal', 'detain', 'void', 'issues'];

interface ViewActions {
  batch: readonly BatchAction[];
  row: readonly RowAction[];
}

// each action a row offers is offered in batch too, over the ticked orders (ReasonDialog takes them one by one)
const STAGE_SCREEN: ViewActions = { batch: ['upgrade', 'demote', ...HOLDS], row: MOVING_ROW };
const OTHER_SCREENS: Record<Exclude<OrderView, StageView>, ViewActions> = {
  // the All screen moves a selection sharing one stage
  all: { batch: ['upgrade', 'demote', ...HOLDS, 'revoke'], row: ['detail', 'edit', 'demote', 'abnormal', 'detain', 'void', 'revoke', 'issues'] },
  abnormal: { batch: ['revoke'], row: ['detail', 'edit', 'revoke', 'issues'] },
  detain: { batch: ['revoke'], row: ['detail', 'edit', 'revoke', 'issues'] },
  delete: { batch: ['revoke'], row: ['detail', 'revoke', 'issues'] },
};

/** The actions a screen has: a stage screen moves its orders on or holds them; side-state screens revoke. */
export function viewActions(view: OrderView): ViewActions {
  return isStageView(view) ? STAGE_SCREEN : OTHER_SCREENS[view];
}

/** What a screen offers above its table: the view's batch actions the user may use. */
export function batchActions(view: OrderView, may: (permission: PermissionCode) => boolean): BatchAction[] {
  return viewActions(view).batch.filter((action) => {
    if (action === 'upgrade') {
      if (view === 'all') return ORDER_FLOW.slice(1).some((stage) => may(upgradePermission(stage as UpgradeStage)));
      const next = isStageView(view) ? nextStage(view) : null;
      return next !== null && may(upgradePermission(next));
    }
    // a side-state screen revokes its own state; the All screen whichever the user may revoke
    if (action === 'revoke')
      return (SIDE_STATES as readonly string[]).includes(view)
        ? may(revokePermission(view as SideState))
        : SIDE_STATES.some((state) => may(revokePermission(state)));
    return may(ACTION_PERMISSION[action]);
  });
}

/**
 * Where the selected orders move: the stage after the one they share. Refused (with why) when they
 * are in different stages, when one is held or voided, or when the user may not make that move.
 */
export function upgradeTarget(
  selected: readonly RowState[],
  may: (permission: PermissionCode) => boolean,
): { stage: UpgradeStage } | { refused: 'none' | 'mixed' | 'held' | 'last' | 'forbidden' } {
  if (selected.length === 0) return { refused: 'none' };
  if (selected.some((row) => row.sideState !== null)) return { refused: 'held' };
  const stages = new Set(selected.map((row) => row.stage));
  if (stages.size > 1) return { refused: 'mixed' };
  const next = nextStage(selected[0].stage as OrderStage);
  if (!next) return { refused: 'last' };
  return may(upgradePermission(next)) ? { stage: next } : { refused: 'forbidden' };
}

interface RowState {
  stage: string;
  sideState: SideState | null;
}

/** What a row offers: the view's actions the user may use that fit the order's state. */
export function rowActions(view: OrderView, row: RowState, may: (permission: PermissionCode) => boolean): RowAction[] {
  return viewActions(view).row.filter((action) => {
    switch (action) {
      case 'revoke':
        return row.sideState !== null && may(revokePermission(row.sideState));
      case 'edit':
        return row.sideState !== 'delete' && may(ACTION_PERMISSION.edit);
      case 'demote':
        // one step back, not from the first stage, nor from a settled commission (finance's to undo)
        return row.sideState === null && row.stage !== 'created' && row.stage !== 'brokerage' && may(ACTION_PERMISSION.demote);
      case 'abnormal':
      case 'detain':
      case 'void':
        return row.sideState === null && may(ACTION_PERMISSION[action]);
      default:
        return may(ACTION_PERMISSION[action]);
    }
  });
}

/** Who works on every salesman's orders sees them all (and may filter by salesman), as the server decides. */
export function seesAllOrders(may: (permission: PermissionCode) => boolean): boolean {
  return may('customers:all') || may('order:demotion') || ORDER_FLOW.slice(1).some((stage) => may(upgradePermission(stage as UpgradeStage)));
}

/** Times of what has happened (arrival, sign-off): the server refuses them in the future; ETD and ETA are plans. */
export const HAPPENED_TIMES: ReadonlySet<string> = new Set(['arrivedAt', 'deliveredAt']);
/** A date picker's `disabledDate` for a time that has happened: no day after today. */
export const afterToday = (day: Dayjs) => day.isAfter(dayjs(), 'day');
