import type { FormRule } from 'antd';
// the server's own rule (one definition of ISO 6346 for both sides)
import { containerNoProblem, normaliseContainerNo } from '@forwarder/domain';

export { normaliseContainerNo };

/** What a container-number field says for each fault: a wrong shape or a wrong check digit. */
export interface ContainerNoMessages {
  format: string;
  checkDigit: string;
}

/**
 * A form rule for a container number: empty passes (`required` says whether it may be empty), anything
 * else must be an ISO 6346 number with the right check digit, spaces, dashes and case aside.
 */
export function containerNoRule(messages: ContainerNoMessages): FormRule {
  return {
    validator: async (_, value: unknown) => {
      if (typeof value !== 'string' || !value.trim()) return;
      const problem = containerNoProblem(value);
      if (problem) throw new Error(problem === 'check' ? messages.checkDigit : messages.format);
    },
  };
}
