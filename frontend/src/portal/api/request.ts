import { IDEMPOTENCY_KEY_HEADER } from '@forwarder/domain';
import { getLanguage } from '@/shared/i18n';
import { readEnvelope, withQuery, type QueryValue } from '@/shared/request/envelope';
import { newIdempotencyKey } from '@/shared/request/idempotencyKey';
import { statusText } from '@/shared/request/statusText';
import { flattenValidationMessage, parseFieldErrors } from '@/shared/request/validationMessage';
import { endSession, getPortalToken } from '../session';

/** Every portal call is under the API's portal area; a portal token is refused anywhere else. */
export const PORTAL_API = '/api/v1/portal';

export interface PortalRequestOptions {
  method?: 'GET' | 'POST';
  params?: Record<string, QueryValue>;
  data?: unknown;
  /** Sent as `Idempotency-Key`: the same key for a repeat of the same submission books once. */
  idempotencyKey?: string;
}

/** A refused call: the server's message (zh/en by the request's language) and, for a 400, its fields'. */
export class PortalError extends Error {
  override readonly name = 'PortalError';

  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors: Record<string, string[]> | null = null,
  ) {
    super(message);
  }
}

/**
 * One call of the portal's API, its envelope unwrapped. The customer's token rides as the staff client's
 * does (`Authorization: Bearer`); a 401 means the session is over (expired, forced off, unbound): the
 * portal signs out and says so.
 */
export async function portalRequest<T>(path: string, options: PortalRequestOptions = {}): Promise<T> {
  const language = getLanguage();
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': language === 'en' ? 'en' : 'zh-CN' });
  const token = getPortalToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, options.idempotencyKey);
  if (options.data !== undefined) headers.set('Content-Type', 'application/json;charset=UTF-8');
  let response: Response;
  try {
    response = await fetch(withQuery(`${PORTAL_API}${path}`, options.params), {
      method: options.method ?? 'GET',
      headers,
      body: options.data === undefined ? undefined : JSON.stringify(options.data),
    });
  } catch {
    throw new PortalError(statusText(0, language), 0);
  }
  const body = await readEnvelope<T>(response);
  if (response.ok && body?.success !== false) return body?.data as T;
  if (response.status === 401 && token) endSession('expired');
  const message = body?.message ? flattenValidationMessage(body.message, language) : statusText(response.status, language);
  throw new PortalError(message, response.status, response.status === 400 && body?.message ? parseFieldErrors(body.message) : null);
}

/** A file of the portal's API (a document's PDF), fetched with the customer's token. */
export async function portalDownload(path: string): Promise<Blob> {
  const token = getPortalToken();
  const response = await fetch(`${PORTAL_API}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} }).catch(() => null);
  if (response?.ok) return response.blob();
  if (response?.status === 401 && token) endSession('expired');
  throw new PortalError(statusText(response?.status ?? 0, getLanguage()), response?.status ?? 0);
}

/** A fresh key for one submission of a create form; kept by the form until the create is answered. */
export const newSubmissionKey = newIdempotencyKey;
