import { shanghaiMinute, TASK_DUE_WORDS } from '@forwarder/domain';
import { inLang, lineWord, type ExportColumns } from '../../common/list-export.js';
import type { TaskView } from './work.service.js';

/** The task inbox's columns an export may take (the keys of the web client's my-tasks columns), the due time as the inbox words it. */
export const TASK_EXPORT_COLUMNS: ExportColumns<TaskView> = {
  orderNo: (r) => r.orderNo,
  line: (r) => lineWord(r.shipType),
  content: (r) => r.content,
  dueAt: (r) => `${r.dueAt ? shanghaiMinute(r.dueAt) : inLang(TASK_DUE_WORDS.none)}${r.overdue ? ` ${inLang(TASK_DUE_WORDS.overdue)}` : ''}`,
  createdBy: (r) => `${r.createdByName ?? ''} ${shanghaiMinute(r.createdAt)}`.trim(),
  finishedAt: (r) => r.finishedAt,
};
