import { getLanguage } from '@/shared/i18n';
import { IDEMPOTENCY_KEY_HEADER, REQUEST_ID_HEADER } from '@forwarder/domain';
import { API_BASE, http, RequestError, sendCreateOnce } from './client';
import { failureText, statusText } from './statusText';
import { getToken } from './tokens';
import { flattenValidationMessage, parseFieldErrors } from './validationMessage';

/**
 * File calls: downloads the API streams (not an envelope) and uploads of a file. The request client reads
 * JSON envelopes only, so these send the session's token themselves; an expired token is renewed by one
 * ordinary call through the request client (which also ends a session that cannot be renewed), then the
 * call is made again. Failures reject with a `RequestError`; the caller decides how to show it.
 */

type Method = 'GET' | 'POST';

function sendOnce(
  path: string,
  body: BodyInit | undefined,
  contentType: string | undefined,
  method: Method,
  idempotencyKey: string | undefined,
): Promise<Response> {
  const headers = new Headers({ 'Accept-Language': getLanguage() === 'en' ? 'en' : 'zh-CN' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (contentType) headers.set('Content-Type', contentType);
  if (idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
  return fetch(`${API_BASE}${path}`, { method, headers, body });
}

/** An upload or an import is a create: sent under an Idempotency-Key, and again under it if its answer was lost (sendCreateOnce). */
async function send(path: string, body: BodyInit | undefined, contentType?: string, method: Method = 'POST'): Promise<Response> {
  try {
    return await sendCreateOnce(method, path, async (idempotencyKey) => {
      const response = await sendOnce(path, body, contentType, method, idempotencyKey);
      if (response.status !== 401) return response;
      const renewed = await http.get('/user/info/view').then(
        () => true,
        () => false,
      );
      return renewed ? await sendOnce(path, body, contentType, method, idempotencyKey) : response;
    });
  } catch {
    throw new RequestError(statusText(0, getLanguage()), 0);
  }
}

interface Envelope {
  success?: boolean;
  message?: string;
  data?: unknown;
  requestId?: string;
}

async function readEnvelope(response: Response): Promise<Envelope | null> {
  if (!response.headers.get('content-type')?.includes('json')) return null;
  return (await response.json().catch(() => null)) as Envelope | null;
}

function refusal(response: Response, envelope: Envelope | null): RequestError {
  const raw = envelope?.message;
  const message = raw ? flattenValidationMessage(raw, getLanguage()) : statusText(response.status, getLanguage());
  const requestId = envelope?.requestId ?? response.headers.get(REQUEST_ID_HEADER);
  return new RequestError(
    failureText(message, response.status, requestId, getLanguage()),
    response.status,
    false,
    response.status === 400 && raw ? parseFieldErrors(raw) : null,
    requestId,
  );
}

/** The file name a download was given: RFC 5987 `filename*` first, then `filename`. */
export function downloadName(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(contentDisposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // a malformed encoding: fall back to the plain name
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(contentDisposition)?.[1]?.trim() || null;
}

export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; a minute is ample.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** How much of a download has arrived; `total` is null while the server streams without a length. */
export interface DownloadProgress {
  received: number;
  total: number | null;
}

export interface DownloadOptions {
  /** GET for a file addressed by its path alone (no body); POST (default) sends `body` as JSON */
  method?: Method;
  /** called as the bytes arrive, so a screen can show a progress bar while a large file builds */
  onProgress?: (progress: DownloadProgress) => void;
  /** called once the server has accepted the download, before the body arrives (its headers may say how much will come) */
  onStart?: (headers: Headers) => void;
}

/**
 * Reads a response body chunk by chunk (fetch's ReadableStream reader), reporting the bytes received,
 * and gives the whole body as a Blob of the response's type.
 */
export async function readWithProgress(response: Response, onProgress?: (progress: DownloadProgress) => void): Promise<Blob> {
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!response.body) return new Blob([await response.arrayBuffer()], { type });
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress?.({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress?.({ received, total });
  }
  return new Blob(chunks, { type });
}

/**
 * POSTs `body` as JSON to `path` (or GETs it, `method: 'GET'`) and saves the file the server answers,
 * named as its Content-Disposition says (or `fallbackName`). A JSON answer is a refusal. Resolves with
 * the name the file was saved as.
 */
export async function downloadFile(path: string, body: unknown, fallbackName: string, options: DownloadOptions = {}): Promise<string> {
  const response =
    options.method === 'GET' ? await send(path, undefined, undefined, 'GET') : await send(path, JSON.stringify(body ?? {}), 'application/json;charset=UTF-8');
  const envelope = await readEnvelope(response);
  if (!response.ok || envelope) throw refusal(response, envelope);
  options.onStart?.(response.headers);
  const name = downloadName(response.headers.get('content-disposition')) ?? fallbackName;
  saveFile(options.onProgress ? await readWithProgress(response, options.onProgress) : await response.blob(), name);
  return name;
}

/** POSTs `body` and resolves with the file answered, unsaved (a preview shows it first): its content, name and headers. */
export async function fetchFile(path: string, body: unknown, fallbackName: string): Promise<{ blob: Blob; name: string; headers: Headers }> {
  const response = await send(path, JSON.stringify(body ?? {}), 'application/json;charset=UTF-8');
  const envelope = await readEnvelope(response);
  if (!response.ok || envelope) throw refusal(response, envelope);
  return { blob: await response.blob(), name: downloadName(response.headers.get('content-disposition')) ?? fallbackName, headers: response.headers };
}

/** POSTs a file as multipart form data (field `file`) and resolves with the envelope's data and message. */
export async function uploadFile<T>(path: string, file: File): Promise<{ data: T; message: string }> {
  const form = new FormData();
  form.append('file', file);
  const response = await send(path, form);
  const envelope = await readEnvelope(response);
  if (!response.ok || !envelope || envelope.success === false) throw refusal(response, envelope);
  return { data: envelope.data as T, message: envelope.message ?? '' };
}
