/** A pushed ReceiveMessage about a published notice: `{ type: 'notice', id, title }`. */
export function isNoticePush(payload: unknown): payload is { type: 'notice'; id: number; title: string } {
  return payload !== null && typeof payload === 'object' && (payload as { type?: unknown }).type === 'notice';
}
