import sanitizeHtml from 'sanitize-html';

const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i];
const TEXT_STYLES = {
  color: COLOUR,
  'background-color': COLOUR,
  'text-align': [/^(left|right|center|justify)$/],
  'font-size': [/^\d{1,3}(\.\d+)?(px|pt|em|rem|%)$/],
  'font-weight': [/^(normal|bold|[1-9]00)$/],
  'font-style': [/^(normal|italic)$/],
  'text-decoration': [/^(none|underline|line-through)$/],
  'text-indent': [/^\d{1,3}(\.\d+)?(px|em|rem)$/],
};

/**
 * What a notice may contain: the formatting a rich-text editor produces (headings, lists, tables,
 * colours, alignment), links and images over http(s) or to uploaded files. Scripts, styles, frames,
 * forms, event handlers and javascript: URLs are removed.
 */
const NOTICE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    ...['b', 'strong', 'i', 'em', 'u', 's', 'del', 'ins', 'sub', 'sup', 'mark', 'small', 'font'],
    ...['ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col'],
    ...['a', 'img', 'figure', 'figcaption'],
  ],
  allowedAttributes: {
    '*': ['style'],
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    font: ['color'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedStyles: { '*': TEXT_STYLES },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link opened in a new window must not get a handle on this one.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : { ...attribs, target: '_self' },
    }),
  },
};

/** Notice content as stored and shown: sanitised HTML. */
export function sanitizeNoticeContent(html: string): string {
  return sanitizeHtml(html, NOTICE_HTML).trim();
}

/** Plain texts as notice content, one paragraph each (the system's own notices: a full disk, say). */
export function textParagraphs(texts: readonly string[]): string {
  return texts.map((text) => `<p>${text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`).join('');
}
