import type { FormRule } from 'antd';

/** Password length bounds: the domain's, which the server checks too (docs/api.md: 6–20 characters). */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@forwarder/domain';

/** The confirmation of a new password: left empty (its `required` rule speaks) or the same as `newPassword`. */
export function confirmsNewPassword(mismatch: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) => (!value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(mismatch))),
  });
}
