/**
 * Whether notice HTML shows anything: text other than whitespace, or an image. An editor left empty
 * still holds markup such as `<p><br></p>`; the server refuses that as missing content too.
 */
export function hasVisibleContent(html: string | null | undefined): boolean {
  if (!html) return false;
  if (/<img\b/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .trim();
  return text.length > 0;
}

/** A pushed ReceiveMessage about a published notice: `{ type: 'notice', id, title }`. */
export function isNoticePush(payload: unknown): payload is { type: 'notice'; id: number; title: string } {
  return payload !== null && typeof payload === 'object' && (payload as { type?: unknown }).type === 'notice';
}
