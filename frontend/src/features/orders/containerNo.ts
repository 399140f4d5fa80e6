import type { FormRule } from 'antd';
// the server's own rule and messages (one definition of ISO 6346 for both sides)
import { containerNoMessage, containerNoProblem } from '@forwarder/domain';
import { sharedText } from '@/shared/i18n';

/**
 * A form rule for a container number: empty passes (`required` says whether it may be empty), anything
 * else must be an ISO 6346 number with the right check digit, spaces, dashes and case aside. It says what
 * the server says: a wrong shape, a wrong check digit with the computed one, a wrong category letter.
 */
export function containerNoRule(): FormRule {
  return {
    validator: async (_, value: unknown) => {
      if (typeof value !== 'string' || !value.trim()) return;
      const problem = containerNoProblem(value);
      if (problem) {
        const { key, params } = containerNoMessage(problem);
        throw new Error(sharedText(key, params));
      }
    },
  };
}
