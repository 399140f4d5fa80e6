/**
 * Issue and reply text travels with line breaks as `<br/>`; the server HTML-escapes everything else
 * before storing it. These turn typed text into what is sent and stored text back into plain text, which
 * is then rendered as text (never as HTML).
 */

const BREAK = /<br\s*\/?>/gi;
const ENTITY = /&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Typed text as sent: each line break (any convention) becomes `<br/>`. */
export function toStoredText(typed: string): string {
  return typed.replace(/\r\n?|\n/g, '<br/>');
}

function decodeEntity(whole: string, name: string): string {
  const lower = name.toLowerCase();
  if (lower.startsWith('#')) {
    const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  }
  return NAMED[lower] ?? whole;
}

/** Stored text as plain text: `<br/>` back to line breaks, the server's escapes undone. */
export function fromStoredText(stored: string | null | undefined): string {
  // Breaks first: an escaped `&lt;br/&gt;` the user typed must stay visible text, not become a break.
  return (stored ?? '').replace(BREAK, '\n').replace(ENTITY, decodeEntity);
}
