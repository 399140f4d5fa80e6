import { type QuestionScope } from '@forwarder/domain';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, type ApiBody, type Schema } from '@/shared/api';

/** A row of the question lists. */
export type QuestionSummary = Schema<'QuestionSummary'>;

export type Answer = Schema<'AnswerView'>;

export type QuestionDetail = Schema<'QuestionDetail'>;

export type QuestionFilters = Pick<Schema<'ListQuestionsDto'>, 'key'> & { scope: QuestionScope };

export type QuestionFields = Required<Schema<'AddQuestionDto'>>;

export type AnswerFields = Required<Schema<'AddAnswerDto'>>;

export const QUESTION_LIST_PATH = '/question/list';
const DETAIL_KEY = '/question/detail';

export const addQuestion = (body: QuestionFields) => api.put('/question/add', { body });
export const updateQuestion = (body: ApiBody<'/question/update', 'post'>) => api.post('/question/update', { body });
export const deleteQuestion = (id: number) => api.delete('/question/delete/{id}', { path: { id } });
export const addAnswer = (questionId: number, body: AnswerFields) => api.put('/question/answer/add/{questionId}', { path: { questionId }, body });
export const updateAnswer = (body: ApiBody<'/question/answer/update', 'post'>) => api.post('/question/answer/update', { body });
export const deleteAnswer = (id: number) => api.delete('/question/answer/delete/{id}', { path: { id } });

export function useQuestionDetail(id: number | null) {
  return useQuery({
    queryKey: [DETAIL_KEY, id],
    queryFn: id === null ? skipToken : () => api.get('/question/detail/{id}', { path: { id } }),
  });
}

/** Lists (every scope: an answer moves a question between them) and details show a change. */
export function useRefreshQuestions() {
  const client = useQueryClient();
  return useCallback(
    () =>
      Promise.all([client.invalidateQueries({ queryKey: [QUESTION_LIST_PATH] }), client.invalidateQueries({ queryKey: [DETAIL_KEY] })]).then(() => undefined),
    [client],
  );
}
