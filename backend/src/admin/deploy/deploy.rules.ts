import { FieldErrors } from '../../common/app-error.js';
import { t } from '../../common/messages.js';
import { SETTINGS, type SettingChoice, type SettingKey } from '../../settings/settings.catalogue.js';

const STRING_MAX = 500;
const LIST_ITEM_MAX = 200;
const LIST_MAX_ITEMS = 200;

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}

export type StoredSettingValue = string | number | boolean | string[];

/**
 * The value as the catalogue types it, from what the settings screen sent (a form may send a number as
 * text, or a list as lines). Anything else is a 400 on the `value` field.
 */
export function parseSettingValue(key: SettingKey, raw: unknown): StoredSettingValue {
  const refuse = (message: string): never => {
    throw new FieldErrors({ value: [message] });
  };
  switch (SETTINGS[key].type) {
    case 'number': {
      const min = (SETTINGS[key] as { min?: number }).min ?? 0;
      const value = typeof raw === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : raw;
      if (typeof value !== 'number' || !Number.isFinite(value) || value < min) return refuse(t('settingNumberInvalid', { min }));
      return value;
    }
    case 'boolean':
      if (raw === true || raw === 'true') return true;
      if (raw === false || raw === 'false') return false;
      return refuse(t('settingBooleanInvalid'));
    case 'string':
      if (typeof raw !== 'string' || raw.trim().length > STRING_MAX) return refuse(t('settingStringInvalid', { max: STRING_MAX }));
      return raw.trim();
    case 'stringList': {
      const parts = typeof raw === 'string' ? raw.split(/[\n,]/) : raw;
      const invalid = () => refuse(t('settingListInvalid', { max: LIST_ITEM_MAX }));
      if (!Array.isArray(parts) || parts.some((part) => typeof part !== 'string')) return invalid();
      const items = [...new Set((parts as string[]).map((part) => part.trim()).filter(Boolean))];
      if (items.length > LIST_MAX_ITEMS || items.some((item) => item.length > LIST_ITEM_MAX)) return invalid();
      const choices = (SETTINGS[key] as { choices?: readonly SettingChoice[] }).choices;
      const unknown = choices ? items.filter((item) => !choices.some((choice) => choice.value === item)) : [];
      if (unknown.length) return refuse(t('settingChoiceInvalid', { values: unknown.join(', ') }));
      return items;
    }
  }
}
