/**
 * The display style of a dictionary value: an antd tag colour, a preset name (blue, success …) or a hex
 * colour. The same rule as the server's (dict.dto.ts), so the form can say so before saving.
 */
export const DICT_STYLE_RULE = /^(?:[a-z]{1,20}(?:-[a-z]{1,9})?|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})$/;

/** Colours offered in the form: antd's status colours first, then its preset palette. */
export const DICT_STYLE_PRESETS = [
  'success',
  'processing',
  'error',
  'warning',
  'default',
  'blue',
  'geekblue',
  'cyan',
  'green',
  'lime',
  'gold',
  'orange',
  'volcano',
  'red',
  'magenta',
  'purple',
] as const;

export function isDictStyle(style: string): boolean {
  return DICT_STYLE_RULE.test(style);
}
