/** The kinds of value a system parameter (/base/deploy) holds: the server reads them, the settings form edits them. */
export const SETTING_TYPES = ['string', 'number', 'boolean', 'stringList'] as const;
export type SettingType = (typeof SETTING_TYPES)[number];
