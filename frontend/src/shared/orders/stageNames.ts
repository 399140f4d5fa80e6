import { lineWord, STAGE_WORDING_CLASSIFY, type StageWordItem, type StageWordKey } from '@server/common/stage-wording';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { defineMessages, translate, useLanguage } from '@/shared/i18n';
import { http } from '@/shared/request';

/**
 * The one set of stage names of every screen. `stage_*` is the state an order is in, worded as the
 * line's menu names the stage's list (已开船): table columns, tags, the timeline, the detail header.
 * `move_*` is the move that brings an order there (开船), for the upgrade buttons and dialogs (升级到…).
 * English has no such split: a move is named by the state it reaches. Codes are the server's.
 */
export const stageNames = defineMessages(
  {
    stage_created: '已下单',
    stage_warehouse: '已入仓',
    stage_prepareCabinet: '准备装柜',
    stage_completeCabinet: '完成装柜',
    stage_customs: '报关中',
    stage_sail: '已开船',
    stage_arriveCabinet: '已到港',
    stage_dismantleCabinet: '拆柜中',
    stage_startDelivery: '开始派送',
    stage_completeDelivery: '派送完成',
    stage_brokerage: '佣金已结算',
    move_warehouse: '入仓',
    move_prepareCabinet: '准备装柜',
    move_completeCabinet: '完成装柜',
    move_customs: '报关',
    move_sail: '开船',
    move_arriveCabinet: '到港',
    move_dismantleCabinet: '拆柜',
    move_startDelivery: '开始派送',
    move_completeDelivery: '完成派送',
    move_brokerage: '佣金结算',
    side_abnormal: '异常',
    side_detain: '扣货',
    side_delete: '作废',
  },
  {
    stage_created: 'Created',
    stage_warehouse: 'In warehouse',
    stage_prepareCabinet: 'Preparing container',
    stage_completeCabinet: 'Container loaded',
    stage_customs: 'In customs',
    stage_sail: 'Sailed',
    stage_arriveCabinet: 'Arrived at port',
    stage_dismantleCabinet: 'Unpacking',
    stage_startDelivery: 'Delivery started',
    stage_completeDelivery: 'Delivery done',
    stage_brokerage: 'Commission settled',
    move_warehouse: 'In warehouse',
    move_prepareCabinet: 'Preparing container',
    move_completeCabinet: 'Container loaded',
    move_customs: 'In customs',
    move_sail: 'Sailed',
    move_arriveCabinet: 'Arrived at port',
    move_dismantleCabinet: 'Unpacking',
    move_startDelivery: 'Delivery started',
    move_completeDelivery: 'Delivery done',
    move_brokerage: 'Commission settled',
    side_abnormal: 'Abnormal',
    side_detain: 'Detained',
    side_delete: 'Voided',
  },
);

export type StageNameKey = keyof typeof stageNames.zh;

/** The react-query key of the lines' wording dictionaries (a test that fakes every call fills it first). */
export const STAGE_WORDING_QUERY_KEY = ['/dict/classify/item', STAGE_WORDING_CLASSIFY] as const;
/** The names a line may word its own way: states and moves (side states are the same on every line). */
export type LineStageNameKey = Extract<StageNameKey, StageWordKey>;

/**
 * Stage names as each line words them (`@server/common/stage-wording`): the line's wording dictionary
 * (the air line's 装板/起飞/拆板, editable by administrators) over the names above. Every screen that
 * names an order's stage or move asks this with the order's line.
 */
export function useStageNames(): (shipType: string | null | undefined, key: LineStageNameKey) => string {
  const language = useLanguage();
  const words = useQuery({
    queryKey: STAGE_WORDING_QUERY_KEY,
    queryFn: () => http.get<StageWordItem[]>(`/dict/classify/item/${STAGE_WORDING_CLASSIFY}`),
    staleTime: 5 * 60_000,
  });
  const items = words.data;
  return useCallback(
    (shipType, key) => (shipType && items ? lineWord(items, shipType, key, language) : undefined) ?? translate(stageNames, key, {}, language),
    [items, language],
  );
}
