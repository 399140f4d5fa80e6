/**
 * Field limits and patterns that the server's DTOs check and the client's forms check before sending,
 * so both refuse the same input with the same rule.
 */

/**
 * A notice's content: at most this many characters of its HTML, formatting included (several pages of
 * text; pictures are links to uploaded files, not inline data).
 */
export const NOTICE_CONTENT_MAX_LENGTH = 20_000;

/** A display order (a tree's or a list's sort) is a whole number from 0 to this. */
export const SORT_MAX = 9999;

/** A password's length bounds (the sign-in form, the staff form, the change and reset dialogs, and the server's DTOs). */

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 20;

/**
 * The passwords the demo's accounts are published with (README, Demo accounts). Outside demo mode they are
 * refused at sign-in and as a new password: an installation must not answer a password anyone can read.
 */
export const DEMO_PASSWORDS = { admin: 'admin123', staff: 'demo123', portal: 'portal123' } as const;

export function isPublishedPassword(password: string): boolean {
  return Object.values<string>(DEMO_PASSWORDS).includes(password);
}

/** A staff account: 3–50 letters, digits, dots, underscores or dashes. */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9._-]{3,50}$/;
/** A staff phone: a mainland mobile, or a landline with an optional area code and extension. */
export const STAFF_PHONE_PATTERN = /^(1[3-9]\d{9}|(0\d{2,3}-?)?\d{7,8}(-\d{1,6})?)$/;
/** A customer's phone (customers abroad too): digits, spaces, brackets and dashes, an optional leading +. */
export const CUSTOMER_PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{4,29}$/;
/** A role code: 1–50 letters and digits. */
export const ROLE_CODE_PATTERN = /^[A-Za-z0-9]{1,50}$/;
/** A dictionary type's code: 1–50 letters and digits. */
export const DICT_CODE_PATTERN = /^[A-Za-z0-9]{1,50}$/;
/** A dictionary item's display style: an antd colour or status name, or a hex colour. */
export const DICT_STYLE_PATTERN = /^(?:[a-z]{1,20}(?:-[a-z]{1,9})?|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})$/;
