import { IDEMPOTENCY_KEY_HEADER, isIdempotentCreate, REQUEST_ID_HEADER } from '@forwarder/domain';
import { logError } from '@/shared/errorLog/errorLog';
import { showLoading, withFeedback } from '@/shared/feedback';
import { getLanguage } from '@/shared/i18n';
import { queryEntries, readEnvelope, withQuery, type Envelope, type QueryValue } from './envelope';
import { newIdempotencyKey } from './idempotencyKey';
import { failureText, statusText } from './statusText';
import { clearTokens, getRefreshToken, getToken, INVALID_TOKEN, isTokenExpired, setTokens } from './tokens';
import { flattenValidationMessage, parseFieldErrors } from './validationMessage';

export const API_BASE = '/api/v1';
const TIMEOUT_MS = 100_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Record<string, QueryValue>;
  data?: unknown;
  /** Send `data` form-urlencoded (a query-string body) instead of JSON. */
  form?: boolean;
  /** Shows this text as a loading message while the request runs. */
  loading?: string;
  signal?: AbortSignal;
}

export class RequestError extends Error {
  override readonly name = 'RequestError';

  constructor(
    message: string,
    readonly status: number,
    /** Already dealt with (a request queued behind a refresh that failed): nothing more to show. */
    readonly handled = false,
    /** A 400's messages by field, for forms to show under their fields. */
    readonly fieldErrors: Record<string, string[]> | null = null,
    /** The id of the failed request (X-Request-Id), when the server answered; a 5xx's message quotes it. */
    readonly requestId: string | null = null,
  ) {
    super(message);
  }
}

export interface RequestHooks {
  /** The session is over (401 without a usable refresh token): sign in again. */
  onSessionEnded(): void;
  /** Signed in but not allowed (403). */
  onForbidden(): void;
}

let hooks: RequestHooks = { onSessionEnded: () => undefined, onForbidden: () => undefined };

/** The app decides where "sign in again" and "forbidden" lead; this module knows no routes. */
export function configureRequest(next: RequestHooks): void {
  hooks = next;
}

/** Settles when a request carrying the refresh token is answered: true if the tokens were renewed. */
let refreshing: Promise<boolean> | null = null;

export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const hideLoading = options.loading ? showLoading(options.loading) : undefined;
  try {
    const response = await sendCreateOnce(
      options.method ?? 'GET',
      url,
      (idempotencyKey) => sendAuthorized(url, { ...options, idempotencyKey }),
      options.signal,
    );
    const body = await readEnvelope<T>(response);
    if (response.ok && body?.success !== false) return body?.data as T;
    throw toRequestError(response, body);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const requestError = error instanceof RequestError ? error : new RequestError(statusText(0, getLanguage()), 0);
    report(requestError, `${options.method ?? 'GET'} ${API_BASE}${url}`);
    throw requestError;
  } finally {
    hideLoading?.();
  }
}

export const http = {
  get: <T>(url: string, options?: Omit<RequestOptions, 'method' | 'data'>) => request<T>(url, { ...options, method: 'GET' }),
  post: <T>(url: string, data?: unknown, options?: Omit<RequestOptions, 'method' | 'data'>) => request<T>(url, { ...options, method: 'POST', data }),
  put: <T>(url: string, data?: unknown, options?: Omit<RequestOptions, 'method' | 'data'>) => request<T>(url, { ...options, method: 'PUT', data }),
  delete: <T>(url: string, options?: Omit<RequestOptions, 'method' | 'data'>) => request<T>(url, { ...options, method: 'DELETE' }),
};

/** How many times a create is sent again when its answer was lost. */
const CREATE_RETRIES = 3;
/** The wait before sending a create again after a network failure, doubled each time (0.5, 1, 2 s). */
const NETWORK_RETRY_MS = 500;
/** The longest wait before sending a create again, whatever Retry-After asks. */
const RETRY_WAIT_MAX_MS = 5_000;

/**
 * Sends a create (isIdempotentCreate: …/add, uploads, imports, finance records) under a fresh
 * Idempotency-Key, and sends it again under the same key when its answer was lost: after a network
 * failure or a time-out, or a 503 / 409 asking to retry (Retry-After: the database was away, the first
 * send still runs); at most CREATE_RETRIES times. The server answers a repeat of a create it made with
 * that create's answer (docs/api.md, Idempotent creates), so one form submission makes one record however
 * often it is sent. Any other call is sent once. `send` makes one attempt under the key it is given.
 */
export async function sendCreateOnce(
  method: string,
  url: string,
  send: (idempotencyKey: string | undefined) => Promise<Response>,
  signal?: AbortSignal,
): Promise<Response> {
  if (!isIdempotentCreate(method, url.split('?')[0])) return send(undefined);
  const key = newIdempotencyKey();
  for (let retry = 0; ; retry++) {
    let response: Response;
    try {
      response = await send(key);
    } catch (error) {
      if (retry >= CREATE_RETRIES || signal?.aborted || !isLostAnswer(error)) throw error;
      await pause(NETWORK_RETRY_MS * 2 ** retry);
      continue;
    }
    const wait = retry < CREATE_RETRIES ? retryAfterMs(response) : null;
    if (wait === null) return response;
    await pause(wait);
  }
}

/** fetch's own failures: the network (TypeError) or the time-out (TimeoutError); not the caller's abort. */
function isLostAnswer(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError');
}

/** A 503 or 409 that asks to be sent again (Retry-After, in seconds or as a date): the wait, bounded; otherwise null. */
function retryAfterMs(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if ((response.status !== 503 && response.status !== 409) || header === null) return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Math.min(Math.max(Number.isFinite(ms) ? ms : 0, 0), RETRY_WAIT_MAX_MS);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One attempt's options: the call's own, and the Idempotency-Key of a create. */
type SendOptions = RequestOptions & { idempotencyKey?: string };

/**
 * Sends the request; a 401 is retried once carrying the refresh token, unless another request renewed
 * the tokens in the meantime, in which case the renewed token alone is enough.
 */
async function sendAuthorized(url: string, options: SendOptions): Promise<Response> {
  const first = await sendOnce(url, options);
  if (first.response.status !== 401 || first.refreshed || !getRefreshToken()) return first.response;
  return (await sendOnce(url, options, first.token)).response;
}

/**
 * One attempt. The refresh token goes along when the access token is known to be expired, or when it is
 * still the one the server just refused (`refusedToken`).
 */
async function sendOnce(
  url: string,
  options: SendOptions,
  refusedToken?: string | null,
): Promise<{ response: Response; token: string | null; refreshed: boolean }> {
  // Refresh tokens are single use: while one request carries it, the others wait for the new tokens.
  while (refreshing) {
    if (!(await refreshing)) throw new RequestError(statusText(401, getLanguage()), 401, true);
  }
  const token = getToken();
  const refreshToken = getRefreshToken();
  const refresh = refreshToken !== null && token !== null && (token === refusedToken || isTokenExpired(token));
  if (!refresh) return { response: await send(url, options, token, null), token, refreshed: false };

  let settle!: (renewed: boolean) => void;
  refreshing = new Promise((resolve) => (settle = resolve));
  let renewed = true;
  try {
    const response = await send(url, options, token, refreshToken);
    renewed = response.status !== 401;
    if (!renewed) clearTokens();
    return { response, token, refreshed: true };
  } finally {
    refreshing = null;
    settle(renewed);
  }
}

async function send(url: string, options: SendOptions, token: string | null, refreshToken: string | null): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': getLanguage() === 'en' ? 'en' : 'zh-CN' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (refreshToken) headers.set('X-Authorization', `Bearer ${refreshToken}`);
  if (options.idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, options.idempotencyKey);

  let body: BodyInit | undefined;
  if (options.data !== undefined && options.form) {
    body = new URLSearchParams(queryEntries(options.data as Record<string, QueryValue>));
  } else if (options.data !== undefined) {
    headers.set('Content-Type', 'application/json;charset=UTF-8');
    body = JSON.stringify(options.data);
  }

  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const response = await fetch(withQuery(`${API_BASE}${url}`, options.params), {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
  });
  storeTokens(response);
  return response;
}

/** The server hands out renewed tokens in headers; `invalid_token` means the session is over. */
function storeTokens(response: Response): void {
  const token = response.headers.get('access-token');
  const refreshToken = response.headers.get('x-access-token');
  if (token === INVALID_TOKEN || refreshToken === INVALID_TOKEN) clearTokens();
  else setTokens({ token: token ?? undefined, refreshToken: refreshToken ?? undefined });
}

function toRequestError(response: Response, body: Envelope<unknown> | null): RequestError {
  const status = response.ok ? (body?.code ?? response.status) : response.status;
  const language = getLanguage();
  const message = body?.message ? (status === 400 ? flattenValidationMessage(body.message, language) : body.message) : statusText(status, language);
  const fieldErrors = status === 400 && body?.message ? parseFieldErrors(body.message) : null;
  const requestId = body?.requestId ?? response.headers.get(REQUEST_ID_HEADER);
  return new RequestError(failureText(message, status, requestId, language), status, false, fieldErrors, requestId);
}

/** `request` names the call (method and URL); the error log shows it in place of a stack. */
function report(error: RequestError, request: string): void {
  if (error.handled) return;
  if (error.status === 401) {
    // Several requests may fail together when a session ends; one toast (same key) is enough.
    withFeedback(({ message }) => message.warning({ content: error.message, key: 'session-ended' }));
    hooks.onSessionEnded();
  } else if (error.status === 403) {
    if (getToken()) hooks.onForbidden();
    else hooks.onSessionEnded();
  } else {
    withFeedback(({ message }) => message.error(error.message));
    logError({ message: error.message, stack: `${request} → ${error.status}` });
  }
}
