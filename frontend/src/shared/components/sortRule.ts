import { SORT_MAX } from '@forwarder/domain';
import type { FormRule } from 'antd';

/** The sort order every administration record takes: a whole number from 0 to SORT_MAX (as the server checks). */
export function sortRule(message: string): FormRule {
  return { type: 'integer', min: 0, max: SORT_MAX, message };
}
