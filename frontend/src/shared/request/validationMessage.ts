import type { Language } from '@/shared/i18n';

const SEPARATOR: Record<Language, string> = { zh: '；', en: '; ' };

/**
 * A 400 from the server carries its field errors as a JSON string (`{"account":["账号不能为空"]}`);
 * a toast needs one sentence. Any other message is returned unchanged.
 */
export function flattenValidationMessage(message: string, language: Language): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return message;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return message;
  const parts = Object.values(parsed).flatMap((value: unknown) =>
    (Array.isArray(value) ? value : [value]).filter((item) => item != null && item !== '').map(String),
  );
  return parts.length > 0 ? parts.join(SEPARATOR[language]) : message;
}
