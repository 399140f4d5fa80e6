/**
 * The customer portal's sign-in account rules, checked by its bind form before sending and by the server's
 * DTO: an account is a mobile number (digits, an optional leading +) or an e-mail address.
 */
export const PORTAL_PASSWORD_MIN_LENGTH = 8;
export const PORTAL_PASSWORD_MAX_LENGTH = 64;

const MOBILE = /^\+?[0-9]{7,15}$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

/** A mobile number or an e-mail address, spaces and dashes of a typed phone number allowed. */
export function isPortalAccount(account: string): boolean {
  const value = account.trim();
  return value.length <= 100 && (EMAIL.test(value) || MOBILE.test(value.replace(/[\s-]/g, '')));
}
