import type { ResultProps } from 'antd';
import { loadedWhenShown } from './loadedWhenShown';

/**
 * antd's Result, loaded when first shown (nothing is drawn in the moment before): it carries its
 * 403/404/500 pictures, which should not load with the screen around it (e2e/bundle-budget.e2e.ts).
 */
export const LazyResult = loadedWhenShown<ResultProps>(() => import('antd/es/result'));
