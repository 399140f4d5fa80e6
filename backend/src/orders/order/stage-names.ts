import { lineWord, STAGE_WORDING_CLASSIFY, type StageWordItem } from '../../common/stage-wording.js';
import { t, type MessageKey } from '../../common/messages.js';
import { requestContext, type Lang } from '../../common/request-context.js';
import type { Tx } from '../../prisma/prisma.service.js';
import type { OrderStage, SideState, UpgradeStage } from './order-stages.js';

const STAGE_LABEL: Record<OrderStage, MessageKey> = {
  created: 'orderStageCreated',
  warehouse: 'orderStageWarehouse',
  prepareCabinet: 'orderStagePrepareCabinet',
  completeCabinet: 'orderStageCompleteCabinet',
  customs: 'orderStageCustoms',
  sail: 'orderStageSail',
  arriveCabinet: 'orderStageArriveCabinet',
  dismantleCabinet: 'orderStageDismantleCabinet',
  startDelivery: 'orderStageStartDelivery',
  completeDelivery: 'orderStageCompleteDelivery',
  brokerage: 'orderStageBrokerage',
};
/** The move into a stage (升级到“开船”), where the state is 已开船. */
const MOVE_LABEL: Record<UpgradeStage, MessageKey> = {
  warehouse: 'orderMoveWarehouse',
  prepareCabinet: 'orderMovePrepareCabinet',
  completeCabinet: 'orderMoveCompleteCabinet',
  customs: 'orderMoveCustoms',
  sail: 'orderMoveSail',
  arriveCabinet: 'orderMoveArriveCabinet',
  dismantleCabinet: 'orderMoveDismantleCabinet',
  startDelivery: 'orderMoveStartDelivery',
  completeDelivery: 'orderMoveCompleteDelivery',
  brokerage: 'orderMoveBrokerage',
};
const SIDE_LABEL: Record<SideState, MessageKey> = { abnormal: 'orderSideAbnormal', detain: 'orderSideDetain', delete: 'orderSideDelete' };

/** A stage as the state an order is in (已开船), as the sea lines' menus name the stage's list. */
export const stageName = (stage: string, lang?: Lang) => t(STAGE_LABEL[stage as OrderStage] ?? 'orderStageCreated', {}, lang);
/** The move into a stage (开船), for 升级到…. */
export const moveName = (stage: UpgradeStage, lang?: Lang) => t(MOVE_LABEL[stage], {}, lang);
export const sideName = (state: string, lang?: Lang) => t(SIDE_LABEL[state as SideState], {}, lang);

/**
 * Stage names as each line words them (common/stage-wording.ts): the line's dictionary first, the common
 * name otherwise. Load it once per request or export (one small query) and ask it per order.
 */
export class StageWording {
  private constructor(private readonly items: readonly StageWordItem[]) {}

  static async load(db: Pick<Tx, 'dictItem'>): Promise<StageWording> {
    const items = await db.dictItem.findMany({
      where: { classify: STAGE_WORDING_CLASSIFY, enabled: true },
      select: { dictCode: true, value: true, dictName: true, dictNameEn: true },
    });
    return new StageWording(items);
  }

  stage(line: string, stage: string, lang: Lang = requestContext.lang()): string {
    return lineWord(this.items, line, `stage_${stage}`, lang) ?? stageName(stage, lang);
  }

  move(line: string, stage: UpgradeStage, lang: Lang = requestContext.lang()): string {
    return lineWord(this.items, line, `move_${stage}`, lang) ?? moveName(stage, lang);
  }
}
