import type { FormRule } from 'antd';

/** The confirmation of a new password: left empty (its `required` rule speaks) or the same as `newPassword`. */
export function confirmsNewPassword(mismatch: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) => (!value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(mismatch))),
  });
}
