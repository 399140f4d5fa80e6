import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { http } from '@/shared/request';
import type { QuestionScope, StoredImage } from './questionRules';

/** A row of the question lists. */
export interface QuestionSummary {
  id: number;
  title: string;
  content: string;
  imageIds: number[];
  images: StoredImage[];
  authorId: number;
  authorName: string | null;
  answerCount: number;
  lastAnswerAt: string | null;
  ver: number;
  createdAt: string;
  updatedAt: string;
}

export interface Answer {
  id: number;
  questionId: number;
  content: string;
  imageIds: number[];
  images: StoredImage[];
  authorId: number;
  authorName: string | null;
  ver: number;
  createdAt: string;
  updatedAt: string;
}

export interface QuestionDetail extends QuestionSummary {
  answers: Answer[];
}

export interface QuestionFilters {
  scope: QuestionScope;
  key?: string;
}

export interface QuestionFields {
  title: string;
  content: string;
  imageIds: number[];
}

export interface AnswerFields {
  content: string;
  imageIds: number[];
}

export const QUESTION_LIST_PATH = '/question/list';
const DETAIL_KEY = '/question/detail';

export const addQuestion = (body: QuestionFields) => http.put<QuestionDetail>('/question/add', body);
export const updateQuestion = (body: QuestionFields & { id: number; ver: number }) => http.post<QuestionDetail>('/question/update', body);
export const deleteQuestion = (id: number) => http.delete<null>(`/question/delete/${id}`);
export const addAnswer = (questionId: number, body: AnswerFields) => http.put<Answer>(`/question/answer/add/${questionId}`, body);
export const updateAnswer = (body: AnswerFields & { id: number; ver: number }) => http.post<Answer>('/question/answer/update', body);
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
