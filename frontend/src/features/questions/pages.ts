import type { ComponentType } from 'react';
import { lazyPage } from '@/app/lazyPage';

/** Pages of this area by the route `component` key the server sends (question/add and question/list). */
export const questionPages: Record<string, ComponentType> = {
  'question/add': lazyPage(
    () => import('./QuestionAddPage'),
    (module) => module.QuestionAddPage,
  ),
  'question/list': lazyPage(
    () => import('./QuestionListPage'),
    (module) => module.QuestionListPage,
  ),
};
