import type { Language } from '@/shared/i18n';

const SEPARATOR: Record<Language, string> = { zh: '；', en: '; ' };

/**
 * A 400 from the server carries its field errors as a JSON string (`{"account":["账号不能为空"]}`);
 * a toast needs one sentence. Any other message is returned unchanged.
 */
export function flattenValidationMessage(message: string, language: Language): string {
  const fields = parseFieldErrors(message);
  const parts = fields ? Object.values(fields).flat() : [];
  return parts.length > 0 ? parts.join(SEPARATOR[language]) : message;
}

/** The field → messages map of a 400's message, or null when the message is plain text. */
export function parseFieldErrors(message: string): Record<string, string[]> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  return Object.fromEntries(
    Object.entries(parsed).map(([field, value]: [string, unknown]) => [
      field,
      (Array.isArray(value) ? value : [value]).filter((item) => item != null && item !== '').map(String),
    ]),
  );
}
