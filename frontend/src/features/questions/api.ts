import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiBody, Schema } from '@/shared/api';
import { http } from '@/shared/request';
import type { QuestionScope } from './questionRules';

/** A row of the question lists. */
export type QuestionSummary = Schema<'QuestionSummary'>;

export type Answer = Schema<'AnswerView'>;

export type QuestionDetail = Schema<'QuestionDetail'>;

export type QuestionFilters = Pick<Schema<'ListQuestionsDto'>, 'key'> & { scope: QuestionScope };

export type QuestionFields = Required<Schema<'AddQuestionDto'>>;

export type AnswerFields = Required<Schema<'AddAnswerDto'>>;

export const QUESTION_LIST_PATH = '/question/list';
const DETAIL_KEY = '/question/detail';

export const addQuestion = (body: QuestionFields) => http.put<QuestionDetail>('/question/add', body);
export const updateQuestion = (body: ApiBody<'/question/update', 'post'>) => http.post<QuestionDetail>('/question/update', body);
export const deleteQuestion = (id: number) => http.delete<null>(`/question/delete/${id}`);
export const addAnswer = (questionId: number, body: AnswerFields) => http.put<Answer>(`/question/answer/add/${questionId}`, body);
export const updateAnswer = (body: ApiBody<'/question/answer/update', 'post'>) => http.post<Answer>('/question/answer/update', body);
export const deleteAnswer = (id: number) => http.delete<null>(`/question/answer/delete/${id}`);

export function useQuestionDetail(id: number | null) {
  return useQuery({
    queryKey: [DETAIL_KEY, id],
    queryFn: () => http.get<QuestionDetail>(`/question/detail/${id}`),
    enabled: id !== null,
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
