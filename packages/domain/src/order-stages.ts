import type { ShipType } from './ship-lines.js';

/** A name in both languages: [Chinese, English]. */
export type Words = readonly [zh: string, en: string];

/** The order fields a move can enter (the upgrade body) and that stages require. */
export const STAGE_FIELDS = [
  'containerNo',
  'sealNo',
  'waybillNo',
  'customsDeclarationNo',
  'vesselVoyage',
  'flightNo',
  'etd',
  'eta',
  'billOfLadingNo',
  'arrivedAt',
  'deliveredAt',
] as const;
export type StageField = (typeof STAGE_FIELDS)[number];

/** Order fields a move needs that only editing the order sets (the upgrade body cannot carry them). */
export type OrderDataField = 'packages' | 'grossWeight' | 'volume' | 'consignee' | 'deliveryAddress';

/**
 * A field the move's dialog enters: a text (with its column's length) or a time. `required`: the server
 * refuses the move unless the order has it or the move enters it. `defaultsToNow`: the server needs it
 * too, but stamps the moment of the move when the body leaves it out (so the dialog may leave it empty).
 */
export interface MoveInput {
  name: StageField;
  kind: 'text' | 'time';
  required: boolean;
  max?: number;
  defaultsToNow?: boolean;
}

const text = (name: StageField, max: number, required = true): MoveInput => ({ name, kind: 'text', required, max });
const time = (name: StageField, required: boolean): MoveInput => ({ name, kind: 'time', required });
const stamp = (name: StageField): MoveInput => ({ name, kind: 'time', required: false, defaultsToNow: true });

/** What a move enters: the same on every line, or by kind of line (sea lines load a container and sail a vessel, the air line has a waybill and a flight). */
type MoveInputs = readonly MoveInput[] | { sea: readonly MoveInput[]; air: readonly MoveInput[] };

interface StageRow {
  code: string;
  state: Words;
  move: Words | null;
  screen: boolean;
  enters?: MoveInputs;
  orderData?: readonly OrderDataField[];
}

/**
 * The order life cycle as data, one row per stage in order: the stage's code (stored on the order), its
 * name as a state (已开船: the table tags, the timeline, the title of the line's list screen), the name of
 * the move into it (开船: 升级到…, and the permission that guards the move, `order:upgrade:<code>`), whether
 * a line's menu has a list screen for it, and what the move takes: the fields its dialog enters (`enters`,
 * in the order the dialog asks them) and the order data it needs beforehand (`orderData`). The server's
 * requirements (`requiredFor`), the times it stamps and the client's upgrade dialog all read these rows.
 * `created` is where a new order waits for its goods. Adding a stage is adding a row here (docs/development.md).
 */
export const STAGES = [
  // 已登记 (registered): the order is entered and waits for its goods; its screen lists what has not reached the warehouse
  { code: 'created', state: ['已登记', 'Registered'], move: null, screen: true },
  {
    code: 'warehouse',
    state: ['已入仓', 'In warehouse'],
    move: ['入仓', 'In warehouse'],
    screen: true,
    orderData: ['packages', 'grossWeight', 'volume'],
  },
  { code: 'prepareCabinet', state: ['准备装柜', 'Preparing container'], move: ['准备装柜', 'Preparing container'], screen: true },
  {
    code: 'completeCabinet',
    state: ['完成装柜', 'Container loaded'],
    move: ['完成装柜', 'Container loaded'],
    screen: true,
    enters: { sea: [text('containerNo', 20), text('sealNo', 30)], air: [text('waybillNo', 50)] },
  },
  { code: 'customs', state: ['报关中', 'In customs'], move: ['报关', 'In customs'], screen: true, enters: [text('customsDeclarationNo', 50)] },
  {
    code: 'sail',
    state: ['已开船', 'Sailed'],
    move: ['开船', 'Sailed'],
    screen: true,
    enters: {
      sea: [text('vesselVoyage', 100), time('etd', true), time('eta', false), text('billOfLadingNo', 50, false)],
      air: [text('flightNo', 20), time('etd', true), time('eta', false)],
    },
  },
  { code: 'arriveCabinet', state: ['已到港', 'Arrived at port'], move: ['到港', 'Arrived at port'], screen: true, enters: [stamp('arrivedAt')] },
  { code: 'dismantleCabinet', state: ['拆柜中', 'Unpacking'], move: ['拆柜', 'Unpacking'], screen: true },
  {
    code: 'startDelivery',
    state: ['开始派送', 'Delivery started'],
    move: ['开始派送', 'Delivery started'],
    screen: true,
    orderData: ['consignee', 'deliveryAddress'],
  },
  { code: 'completeDelivery', state: ['派送完成', 'Delivery done'], move: ['完成派送', 'Delivery done'], screen: true, enters: [stamp('deliveredAt')] },
  // finance's move (commission settled): no list screen on the lines' menus
  { code: 'brokerage', state: ['佣金已结算', 'Commission settled'], move: ['佣金结算', 'Commission settled'], screen: false },
] as const satisfies readonly StageRow[];

export type OrderStage = (typeof STAGES)[number]['code'];
export type UpgradeStage = Exclude<OrderStage, 'created'>;
export const ORDER_FLOW: readonly OrderStage[] = STAGES.map((stage) => stage.code);
/** The stages an order is moved into (every stage after `created`), each guarded by `order:upgrade:<stage>`. */
export const ORDER_STAGES = ORDER_FLOW.slice(1) as UpgradeStage[];
/** The stages a line's menu lists on a screen of their own (the stage screens). */
export type ScreenStage = Extract<(typeof STAGES)[number], { screen: true }>['code'];
export const STAGE_SCREENS: readonly ScreenStage[] = STAGES.filter((stage) => stage.screen).map((stage) => stage.code);

/** The side states: an order held aside (abnormal, goods detained, voided) keeps its stage. */
export const SIDE_STATES = ['abnormal', 'detain', 'delete'] as const;
export type SideState = (typeof SIDE_STATES)[number];
/** The holds: an abnormal or detained order stays on its line's All list and in the home page's counts (a voided one leaves them). */
export const HOLDS = ['abnormal', 'detain'] as const satisfies readonly SideState[];
export type Hold = (typeof HOLDS)[number];
export const SIDE_STATE_NAMES: Record<SideState, Words> = { abnormal: ['异常', 'Abnormal'], detain: ['扣货', 'Detained'], delete: ['作废', 'Voided'] };
/** The code that guards putting an order on hold (`order:abnormal`, `order:detain`). */
export const holdPermission = <H extends Hold>(hold: H) => `order:${hold}` as const;
/** The code that guards taking an order out of a side state (`order:abnormalRevoke`, …, `order:deleteRevoke`). */
export const revokePermission = <S extends SideState>(state: S) => `order:${state}Revoke` as const;

/** The views the server lists orders by: each stage, all, and each side state. */
export const ORDER_VIEWS = [...ORDER_FLOW, 'all', ...SIDE_STATES] as const;
export type OrderView = OrderStage | 'all' | SideState;

/**
 * The one set of stage names, keyed as the client and the lines' wording dictionaries key them:
 * `stage_<code>` the state, `move_<code>` the move, `side_<state>` a side state.
 */
export type StageNameKey = `stage_${OrderStage}` | `move_${UpgradeStage}` | `side_${SideState}`;
export const STAGE_NAMES = Object.fromEntries([
  ...STAGES.map((stage) => [`stage_${stage.code}`, stage.state] as const),
  ...STAGES.flatMap((stage) => (stage.move ? [[`move_${stage.code}`, stage.move] as const] : [])),
  ...SIDE_STATES.map((state) => [`side_${state}`, SIDE_STATE_NAMES[state]] as const),
]) as Record<StageNameKey, Words>;

const inLanguage = (index: 0 | 1) => Object.fromEntries(Object.entries(STAGE_NAMES).map(([key, words]) => [key, words[index]])) as Record<StageNameKey, string>;
/** The stage names as one message bundle per language. */
export const STAGE_NAME_MESSAGES = { zh: inLanguage(0), en: inLanguage(1) };

/** The stage an order must be in to move to `stage`. */
export function previousStage(stage: UpgradeStage): OrderStage {
  return ORDER_FLOW[ORDER_FLOW.indexOf(stage) - 1];
}

/** The stage a demotion moves back to; null for `created` (nothing before it). */
export function stageBefore(stage: OrderStage): OrderStage | null {
  const index = ORDER_FLOW.indexOf(stage);
  return index > 0 ? ORDER_FLOW[index - 1] : null;
}

/** What the move into `stage` takes, as its row says. */
const takenBy = (stage: UpgradeStage): StageRow => STAGES[ORDER_FLOW.indexOf(stage)];

/** The fields the move into `stage` enters on a line, in the order its dialog asks them. */
export function moveInputs(stage: UpgradeStage, shipType: ShipType): readonly MoveInput[] {
  const enters = takenBy(stage).enters ?? [];
  return 'sea' in enters ? enters[shipType === 'airtransport' ? 'air' : 'sea'] : enters;
}

/** The order data the move into `stage` needs beforehand (edited on the order: the move cannot carry it). */
export function orderDataNeeded(stage: UpgradeStage): readonly OrderDataField[] {
  return takenBy(stage).orderData ?? [];
}

export type RequiredField = StageField | OrderDataField;

/** What an order needs before it may leave its stage for `stage`, by line; fields the move itself enters count. */
export function requiredFor(stage: UpgradeStage, shipType: ShipType): readonly RequiredField[] {
  const needed = moveInputs(stage, shipType).filter((input) => input.required || input.defaultsToNow);
  return [...orderDataNeeded(stage), ...needed.map((input) => input.name)];
}

/** Moves that default their time to the moment of the move when the body leaves it out. */
export const STAMPED_ON_MOVE: Partial<Record<UpgradeStage, StageField>> = Object.fromEntries(
  ORDER_STAGES.flatMap((stage) => {
    const enters = takenBy(stage).enters ?? [];
    const stamped = ('sea' in enters ? [...enters.sea, ...enters.air] : enters).find((input) => input.defaultsToNow);
    return stamped ? [[stage, stamped.name]] : [];
  }),
);

/** The times only a move stamps (到港, 完成派送: the values of STAMPED_ON_MOVE): the order's general update refuses them. */
export const MOVE_STAMPS = ['arrivedAt', 'deliveredAt'] as const satisfies readonly StageField[];

/**
 * Whether an order at `stage` has made the move that stamps `field` (and is not back before it): a demoted
 * order keeps its stage data, and what a customer is shown of a stamp must be what the stages say.
 */
export function stampStands(stage: OrderStage, field: StageField): boolean {
  const mover = ORDER_STAGES.find((move) => STAMPED_ON_MOVE[move] === field);
  return mover === undefined || ORDER_FLOW.indexOf(stage) >= ORDER_FLOW.indexOf(mover);
}

/** Volumetric kilograms per cubic metre (1:6000 for air, 1:5000 for the parcel and sea lines). */
export const VOLUMETRIC_KG_PER_CBM: Record<ShipType, number> = { airtransport: 167, smallbag: 200, dedicatedline: 200 };

/** The chargeable weight: the greater of the gross and the volumetric weight, 3 decimals. */
export function chargeableWeightOf(shipType: ShipType, grossWeight: number | null, volume: number | null): number | null {
  if (grossWeight === null && volume === null) return null;
  const volumetric = (volume ?? 0) * VOLUMETRIC_KG_PER_CBM[shipType];
  return Math.round(Math.max(grossWeight ?? 0, volumetric) * 1000) / 1000;
}

/** The shipping mark: the salesman's label (direct customers, or peer agents) and the order number. */
export function shippingMarkOf(label: string | null | undefined, orderNo: string): string {
  return label ? `${label}-${orderNo}` : orderNo;
}
