import { lazyPages } from '@/shared/routing/lazyPage';

/** Pages of this area by the route `component` key the server sends (question/add and question/list). */
export const questionPages = lazyPages(import.meta.glob('./*Page.tsx'), {
  'question/add': './QuestionAddPage',
  'question/list': './QuestionListPage',
});
