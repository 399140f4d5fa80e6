import { ORDER_STAGES } from '../../common/permissions.js';
import type { ShipType } from '../../common/ship-types.js';

/**
 * The order life cycle as data: the stage order, what each move needs entered, and the side states.
 * `created` is where a new order waits for its goods; the stages of ORDER_STAGES follow in order.
 */
export type UpgradeStage = (typeof ORDER_STAGES)[number];
export type OrderStage = 'created' | UpgradeStage;
export const ORDER_FLOW: readonly OrderStage[] = ['created', ...ORDER_STAGES];

export const SIDE_STATES = ['abnormal', 'detain', 'delete'] as const;
export type SideState = (typeof SIDE_STATES)[number];

/** The list screens of a line: a stage's screen shows the orders moving normally in it. */
export const ORDER_VIEWS = [...ORDER_FLOW, 'all', ...SIDE_STATES] as const;
export type OrderView = (typeof ORDER_VIEWS)[number];

/** The stage an order must be in to move to `stage`. */
export function previousStage(stage: UpgradeStage): OrderStage {
  return ORDER_FLOW[ORDER_FLOW.indexOf(stage) - 1];
}

/** The stage a demotion moves back to; null for `created` (nothing before it). */
export function stageBefore(stage: OrderStage): OrderStage | null {
  const index = ORDER_FLOW.indexOf(stage);
  return index > 0 ? ORDER_FLOW[index - 1] : null;
}

/** The order fields a move can enter (the upgrade body) and that stages require. */
export const STAGE_FIELDS = ['containerNo', 'sealNo', 'waybillNo', 'customsDeclarationNo', 'vesselVoyage', 'flightNo', 'etd', 'eta', 'billOfLadingNo', 'arrivedAt', 'deliveredAt'] as const;
export type StageField = (typeof STAGE_FIELDS)[number];

/** What an order needs before it may leave its stage for `stage`, by line; fields the move itself enters count. */
export function requiredFor(stage: UpgradeStage, shipType: ShipType): readonly RequiredField[] {
  const air = shipType === 'airtransport';
  switch (stage) {
    case 'warehouse':
      return ['packages', 'grossWeight', 'volume'];
    case 'completeCabinet':
      return air ? ['waybillNo'] : ['containerNo', 'sealNo'];
    case 'customs':
      return ['customsDeclarationNo'];
    case 'sail':
      return air ? ['flightNo', 'etd'] : ['vesselVoyage', 'etd'];
    case 'arriveCabinet':
      return ['arrivedAt'];
    case 'startDelivery':
      return ['consignee', 'deliveryAddress'];
    case 'completeDelivery':
      return ['deliveredAt'];
    default:
      return [];
  }
}
export type RequiredField = StageField | 'packages' | 'grossWeight' | 'volume' | 'consignee' | 'deliveryAddress';

/** Moves that default their time to the moment of the move when the body leaves it out. */
export const STAMPED_ON_MOVE: Partial<Record<UpgradeStage, StageField>> = { arriveCabinet: 'arrivedAt', completeDelivery: 'deliveredAt' };

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
