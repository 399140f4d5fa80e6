import { CUSTOMER_STAGES, SHIP_LINES, STAGE_NAME_MESSAGES } from '@forwarder/domain';
import type { Language } from '@/shared/i18n';

/** A line's name in the language (the domain's SHIP_LINES). */
export function lineName(line: string, language: Language): string {
  const found = SHIP_LINES.find((candidate) => candidate.value === line);
  return found ? (language === 'en' ? found.textEn : found.text) : line;
}

export const lineOptions = (language: Language) => SHIP_LINES.map((line) => ({ value: line.value, label: language === 'en' ? line.textEn : line.text }));

/** The stages a customer filters by (not finance's internal ones), in the order an order goes through them, named as states. */
export const stageOptions = (language: Language) => CUSTOMER_STAGES.map((stage) => ({ value: stage, label: STAGE_NAME_MESSAGES[language][`stage_${stage}`] }));
