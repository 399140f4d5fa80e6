import type { ShipType } from './ship-lines.js';

/**
 * A line may word some stages its own way: the air line builds and breaks down ULDs (装板/拆板) and takes
 * off (起飞) where the sea lines load containers and sail. The stage codes stay the same; the words come
 * from a dictionary per line (`stageName_<line>`, category `stageName`), whose items are keyed like the
 * client's stage names: `stage_<code>` (the state, 已起飞) and `move_<code>` (the move, 起飞). Anything a
 * line's dictionary leaves out keeps the common name. Pure: the web client imports it too.
 */
export const STAGE_WORDING_CLASSIFY = 'stageName';

export const stageWordingDict = (line: ShipType) => `${STAGE_WORDING_CLASSIFY}_${line}` as const;

/** The key of a stage's state (`stage_sail`) or move (`move_sail`) in a line's wording dictionary. */
export type StageWordKey = `stage_${string}` | `move_${string}`;

/** The air line's words, seeded into its dictionary (administrators may edit them there): [key, English, Chinese]. */
export const AIR_STAGE_WORDS = [
  ['stage_prepareCabinet', 'Preparing ULD', '准备装板'],
  ['stage_completeCabinet', 'ULD built', '完成装板'],
  ['stage_sail', 'Departed', '已起飞'],
  ['stage_arriveCabinet', 'Arrived at airport', '已到港'],
  ['stage_dismantleCabinet', 'Breaking down ULD', '拆板中'],
  ['move_prepareCabinet', 'Prepare ULD', '准备装板'],
  ['move_completeCabinet', 'Build ULD', '完成装板'],
  ['move_sail', 'Departed', '起飞'],
  ['move_arriveCabinet', 'Arrived at airport', '到港'],
  ['move_dismantleCabinet', 'Break down ULD', '拆板'],
] as const satisfies readonly (readonly [StageWordKey, string, string])[];

/** A wording dictionary's item as stored. */
export interface StageWordItem {
  dictCode: string;
  value: string;
  dictName: string;
  dictNameEn: string | null;
}

/** Finds a line's own word for a key, in a language, among the enabled items of the wording dictionaries. */
export function lineWord(items: readonly StageWordItem[], line: string, key: StageWordKey, lang: 'zh' | 'en'): string | undefined {
  const item = items.find((i) => i.dictCode === `${STAGE_WORDING_CLASSIFY}_${line}` && i.value === key);
  if (!item) return undefined;
  return lang === 'en' ? item.dictNameEn || item.dictName : item.dictName;
}
