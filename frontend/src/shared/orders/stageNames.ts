import { lineWord, STAGE_NAME_MESSAGES, STAGE_WORDING_CLASSIFY, type StageNameKey, type StageWordKey } from '@forwarder/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { translate, useLanguage, type Messages } from '@/shared/i18n';
import { api } from '@/shared/api';

/**
 * The one set of stage names of every screen. `stage_*` is the state an order is in, worded as the
 * line's menu names the stage's list (已开船): table columns, tags, the timeline, the detail header.
 * `move_*` is the move that brings an order there (开船), for the upgrade buttons and dialogs (升级到…).
 * English has no such split: a move is named by the state it reaches. Codes and names are the domain's
 * (packages/domain, order-stages.ts).
 */
export const stageNames: Messages<StageNameKey> = STAGE_NAME_MESSAGES;

/** The react-query key of the lines' wording dictionaries (a test that fakes every call fills it first). */
export const STAGE_WORDING_QUERY_KEY = ['/dict/classify/item', STAGE_WORDING_CLASSIFY] as const;
/** The names a line may word its own way: states and moves (side states are the same on every line). */
export type LineStageNameKey = Extract<StageNameKey, StageWordKey>;

/**
 * Stage names as each line words them (`@forwarder/domain`, stage-wording): the line's wording dictionary
 * (the air line's 装板/起飞/拆板, editable by administrators) over the names above. Every screen that
 * names an order's stage or move asks this with the order's line.
 */
export function useStageNames(): (shipType: string | null | undefined, key: LineStageNameKey) => string {
  const language = useLanguage();
  const words = useQuery({
    queryKey: STAGE_WORDING_QUERY_KEY,
    queryFn: () => api.get('/dict/classify/item/{classify}', { path: { classify: STAGE_WORDING_CLASSIFY } }),
    staleTime: 5 * 60_000,
  });
  const items = words.data;
  return useCallback(
    (shipType, key) => (shipType && items ? lineWord(items, shipType, key, language) : undefined) ?? translate(stageNames, key, {}, language),
    [items, language],
  );
}
