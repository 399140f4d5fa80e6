import { DATA_CHANGE_TABLE_WORDS } from '@forwarder/domain';
import type { Language } from '@/shared/i18n';

/** The tables of the operation log (/log/sql) in business words (the domain's table, shared with its export). */
export const TABLE_NAMES: Readonly<Record<string, readonly [zh: string, en: string]>> = DATA_CHANGE_TABLE_WORDS;

/** A table as the log screen names it: its business words in `language`, else the stored name. */
export function tableLabel(tableName: string, language: Language): string {
  const words = TABLE_NAMES[tableName];
  return words ? words[language === 'en' ? 1 : 0] : tableName;
}
