import type { FormRule } from 'antd';

/** Password length bounds, the same on the server (docs/api.md: 6–20 characters). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 20;

/** The confirmation of a new password: left empty (its `required` rule speaks) or the same as `newPassword`. */
export function confirmsNewPassword(mismatch: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) => (!value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(mismatch))),
  });
}
