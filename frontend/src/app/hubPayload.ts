import type { SessionState } from '@/shared/session/store';

/**
 * Whether a kick-out or browser-close message is about this user. The server names the user by id or
 * account, either bare or as a field of an object.
 */
export function namesUser(payload: unknown, user: Pick<SessionState, 'userId' | 'account'>): boolean {
  if (typeof payload === 'string' || typeof payload === 'number') {
    const named = String(payload);
    return named !== '' && (named === user.userId || named === user.account);
  }
  if (payload !== null && typeof payload === 'object') {
    const fields = payload as Record<string, unknown>;
    return ['userId', 'userid', 'id', 'account'].some((field) => fields[field] != null && namesUser(fields[field], user));
  }
  return false;
}

/** A pushed message as a notification: plain text, or an object with a title and a message or content. */
export function toNotice(payload: unknown, defaultTitle: string): { title: string; description?: string } {
  if (payload !== null && typeof payload === 'object') {
    const fields = payload as Record<string, unknown>;
    const text = fields.message ?? fields.content;
    return {
      title: typeof fields.title === 'string' && fields.title ? fields.title : defaultTitle,
      description: typeof text === 'string' ? text : undefined,
    };
  }
  return { title: defaultTitle, description: payload == null ? undefined : String(payload) };
}
