import type { FormRule } from 'antd';

/** The sort order every administration record takes: a whole number from 0 to 9999 (as the server checks). */
export const SORT_MAX = 9999;

export function sortRule(message: string): FormRule {
  return { type: 'integer', min: 0, max: SORT_MAX, message };
}
