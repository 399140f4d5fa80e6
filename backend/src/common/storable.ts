// Audit values made storable before they are queued: PostgreSQL refuses NUL in text and in jsonb, lone
// surrogates (invalid UTF-16 has no UTF-8 form) and values longer than a varchar column. One such value
// in an anonymous request must not cost the batch of other users' records it is written with.

/** How deep a JSON value is kept; deeper members become `[…]` (also bounds the walk of a hostile body). */
export const JSON_DEPTH = 8;
const JSON_STRING = 2000;
const JSON_KEY = 200;
const JSON_ITEMS = 200;
/** A JSON value whose text is longer than this is replaced by a preview of it. */
const JSON_CHARS = 64_000;
const JSON_PREVIEW = 4000;

/** NUL is written as the six characters `\u0000`, so the log shows what the caller sent. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const NUL = /\u0000/g;
/** A high surrogate without its low half, or a low one without its high half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text fit for a text or varchar column of `max` characters: NUL escaped, lone surrogates replaced by
 * U+FFFD, cut to `max` (a cut value ends with `…`). `null` for null and undefined.
 */
export function storableText(value: unknown, max: number): string | null {
  if (value === null || value === undefined) return null;
  let text = (typeof value === 'string' ? value : String(value)).replace(NUL, '\\u0000');
  if (text.length > max) {
    // a varchar counts code points, a JS string UTF-16 units: max units are at most max code points
    let end = max - 1;
    if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end--;
    text = `${text.slice(0, end)}…`;
  }
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/** An int column's value: integers within 32 bits, otherwise null. */
export function storableInt(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= 0x7fffffff ? value : null;
}

const isPlainObject = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

function jsonValue(value: unknown, depth: number): unknown {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
      return storableText(value, JSON_STRING);
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'boolean':
      return value;
    case 'bigint':
      return value.toString();
    case 'object':
      break;
    default:
      return null;
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
  if (depth >= JSON_DEPTH) return '[…]';
  if (Array.isArray(value)) {
    const items = value.slice(0, JSON_ITEMS).map((item) => jsonValue(item, depth + 1));
    if (value.length > JSON_ITEMS) items.push(`[… ${value.length - JSON_ITEMS} more]`);
    return items;
  }
  // Decimal and other values that say how they are written as JSON
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function' && !isPlainObject(value)) return jsonValue(toJSON.call(value), depth + 1);
  const entries = Object.entries(value as Record<string, unknown>);
  const kept: Record<string, unknown> = {};
  for (const [key, item] of entries.slice(0, JSON_ITEMS)) {
    if (item !== undefined && typeof item !== 'function' && typeof item !== 'symbol') kept[storableText(key, JSON_KEY)!] = jsonValue(item, depth + 1);
  }
  if (entries.length > JSON_ITEMS) kept['…'] = `${entries.length - JSON_ITEMS} more`;
  return kept;
}

/**
 * The JSON text of a value fit for a jsonb column: every string and key storable, depth, breadth and
 * string length bounded, binary data and bigints written as text; an overlong result is replaced by a
 * preview of its text. `null` for null and undefined.
 */
export function storableJson(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = JSON.stringify(jsonValue(value, 0));
  if (text.length <= JSON_CHARS) return text;
  return JSON.stringify({ truncated: true, length: text.length, preview: storableText(text, JSON_PREVIEW) });
}
