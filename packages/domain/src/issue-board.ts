/** The issue board's constants and pure rules (docs/bbs.md). */

/** wait (沟通中): posted, not answered yet; handle (处理中): answered; completed (处理完成): closed by its author. */
export const BBS_STATUSES = ['wait', 'handle', 'completed'] as const;
export type BbsStatus = (typeof BBS_STATUSES)[number];

export const BBS_TEXT_MAX_LENGTH = 1000;
export const BBS_MAX_PHOTOS = 2;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Issue and reply text as stored and answered: HTML whose only markup is `<br/>` for a line break. The
 * client sends line breaks as `<br/>` (seed 5); `<br>` and real newlines count as line breaks too, and
 * everything else is escaped, so the text shows as typed when rendered as HTML and nothing in it runs.
 * `length` is the length as typed (a line break is one character), the one limited to 1000.
 */
export function storedText(input: string): { html: string; length: number } {
  const text = input
    .replace(/\r\n?/g, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .trim();
  return { html: text.replace(/[&<>"']/g, (c) => ESCAPES[c]).replace(/\n/g, '<br/>'), length: text.length };
}
