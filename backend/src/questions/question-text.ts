import sanitizeHtml from 'sanitize-html';

const NO_MARKUP: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' };
const MAX_PASSES = 10;

/** sanitize-html answers text HTML-escaped; these are the only entities it writes. */
const unescape = (html: string) => html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * Question and answer text as stored: plain text with its line breaks. Markup is removed (tags dropped,
 * script and style bodies with them) and entities are decoded, so the stored text reads the same shown as
 * text or as HTML and nothing in it can run. Removing markup can reveal more (`&lt;script&gt;` decodes to a
 * tag, so do tags split by other tags), hence the repeat until nothing changes. `<br>` is a line break: the
 * original clients send line breaks that way.
 */
export function plainText(input: string): string {
  let text = input.replace(/\r\n?/g, '\n').replace(/<br\s*\/?>/gi, '\n');
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = unescape(sanitizeHtml(text, NO_MARKUP));
    if (next === text) return text.trim();
    text = next;
  }
  // Only text built to nest escapes this deep gets here: no angle bracket survives.
  return text.replace(/[<>]/g, '').trim();
}

/** A title: plain text on one line. */
export function plainTitle(input: string): string {
  return plainText(input).replace(/\s+/g, ' ');
}
