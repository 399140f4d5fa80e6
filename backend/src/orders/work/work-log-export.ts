import { WORK_ACTION_WORDS } from '@forwarder/domain';
import { wordOf, type ExportColumns } from '../../common/list-export.js';
import type { StageWording } from '../order/stage-names.js';
import type { WorkLogView } from './work.service.js';

/** An order's work log columns an export may take (the keys of the order drawer's 工作记录 columns): the action and stages in words. */
export function workLogExportColumns(words: StageWording): ExportColumns<WorkLogView> {
  return {
    createdAt: (r) => r.createdAt,
    action: (r) => wordOf(WORK_ACTION_WORDS, r.action),
    stages: (r) =>
      r.fromStage === r.toStage ? words.stage(r.shipType, r.toStage) : `${words.stage(r.shipType, r.fromStage)} → ${words.stage(r.shipType, r.toStage)}`,
    user: (r) => r.userName,
    reason: (r) => [r.reason, r.remark].filter(Boolean).join(' / '),
  };
}
