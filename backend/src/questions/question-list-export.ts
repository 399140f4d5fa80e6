import type { ExportColumns } from '../common/list-export.js';
import type { QuestionSummary } from './questions.dto.js';

/** The question lists' columns an export may take (the keys of the web client's question list columns). */
export const QUESTION_EXPORT_COLUMNS: ExportColumns<QuestionSummary> = {
  title: (r) => r.title,
  author: (r) => r.authorName,
  answerCount: (r) => r.answerCount,
  lastAnswerAt: (r) => r.lastAnswerAt,
  createdAt: (r) => r.createdAt,
};
