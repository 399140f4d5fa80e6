import {
  lineWord,
  type OrderStage,
  SIDE_STATE_NAMES,
  type SideState,
  STAGE_NAMES,
  STAGE_WORDING_CLASSIFY,
  type StageWordItem,
  type UpgradeStage,
  type Words,
} from '@forwarder/domain';
import { requestContext, type Lang } from '../../common/request-context.js';
import type { DictService } from '../../admin/dict/dict.service.js';

const inLang = (words: Words, lang: Lang = requestContext.lang()) => (lang === 'en' ? words[1] : words[0]);

/** A stage as the state an order is in (已开船), as the sea lines' menus name the stage's list. */
export const stageName = (stage: string, lang?: Lang) => inLang(STAGE_NAMES[`stage_${stage as OrderStage}`] ?? STAGE_NAMES.stage_created, lang);
/** The move into a stage (开船), for 升级到…. */
export const moveName = (stage: UpgradeStage, lang?: Lang) => inLang(STAGE_NAMES[`move_${stage}`], lang);
/** A side state inside a sentence (订单 X 不是异常状态, order X is not abnormal). */
export const sideName = (state: string, lang: Lang = requestContext.lang()) => {
  const words = SIDE_STATE_NAMES[state as SideState];
  return lang === 'en' ? words[1].toLowerCase() : words[0];
};

/**
 * Stage names as each line words them (STAGE_WORDING_CLASSIFY): the line's dictionary first, the common
 * name otherwise. Load it once per request or export (from the dictionaries' memory, DictService) and ask it
 * per order.
 */
export class StageWording {
  private constructor(private readonly items: readonly StageWordItem[]) {}

  static async load(dict: Pick<DictService, 'itemsByClassify'>): Promise<StageWording> {
    return new StageWording(await dict.itemsByClassify(STAGE_WORDING_CLASSIFY));
  }

  stage(line: string, stage: string, lang: Lang = requestContext.lang()): string {
    return lineWord(this.items, line, `stage_${stage}`, lang) ?? stageName(stage, lang);
  }

  move(line: string, stage: UpgradeStage, lang: Lang = requestContext.lang()): string {
    return lineWord(this.items, line, `move_${stage}`, lang) ?? moveName(stage, lang);
  }
}
