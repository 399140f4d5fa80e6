import { isPortalAccount, portalAccountKey, PORTAL_PASSWORD_MAX_LENGTH, PORTAL_PASSWORD_MIN_LENGTH, PREALERT_LIMITS } from '@forwarder/domain';
import type { Translate } from '@/shared/i18n';
import type { PortalMessageKey } from '../messages';

/** A form's messages by field; an empty object is a form that may be sent. */
export type FieldMessages<F extends string> = Partial<Record<F, string>>;

type BindField = 'name' | 'account' | 'password' | 'passwordAgain';

/** The bind form's checks before sending (the server checks the same and also refuses published passwords). */
export function checkBind(values: Record<BindField, string>, t: Translate<PortalMessageKey>): FieldMessages<BindField> {
  const errors: FieldMessages<BindField> = {};
  if (!values.name.trim()) errors.name = t('required', { field: t('bindName') });
  if (!values.account.trim()) errors.account = t('required', { field: t('account') });
  else if (!isPortalAccount(portalAccountKey(values.account))) errors.account = t('accountInvalid');
  if (values.password.length < PORTAL_PASSWORD_MIN_LENGTH || values.password.length > PORTAL_PASSWORD_MAX_LENGTH)
    errors.password = t('passwordLength', { min: PORTAL_PASSWORD_MIN_LENGTH, max: PORTAL_PASSWORD_MAX_LENGTH });
  if (values.passwordAgain !== values.password) errors.passwordAgain = t('passwordMismatch');
  return errors;
}

type LoginField = 'account' | 'password';

export function checkLogin(values: Record<LoginField, string>, t: Translate<PortalMessageKey>): FieldMessages<LoginField> {
  const errors: FieldMessages<LoginField> = {};
  if (!values.account.trim()) errors.account = t('required', { field: t('account') });
  if (!values.password) errors.password = t('required', { field: t('password') });
  return errors;
}

export type PrealertField = 'line' | 'pol' | 'pod' | 'consignee' | 'goods' | 'packages' | 'weight' | 'remark';

const WEIGHT = /^\d{1,9}(\.\d{1,3})?$/;

/** The pre-alert's checks: every field but weight and remark required (the ports as picked), packages a whole count, weight a positive kg figure. */
export function checkPrealert(values: Record<PrealertField, string>, t: Translate<PortalMessageKey>): FieldMessages<PrealertField> {
  const errors: FieldMessages<PrealertField> = {};
  for (const field of ['line', 'pol', 'pod', 'consignee', 'goods'] as const) if (!values[field].trim()) errors[field] = t('required', { field: t(field) });
  const packages = Number(values.packages);
  if (!/^\d+$/.test(values.packages.trim()) || packages < 1 || packages > PREALERT_LIMITS.packagesMax)
    errors.packages = t('packagesInvalid', { max: PREALERT_LIMITS.packagesMax });
  const weight = values.weight.trim();
  if (weight && (!WEIGHT.test(weight) || Number(weight) <= 0)) errors.weight = t('weightInvalid');
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
