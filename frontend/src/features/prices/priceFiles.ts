import { getLanguage } from '@/shared/i18n';
import { getToken, http } from '@/shared/request';
import { API_BASE } from '@/shared/request/client';
import { statusText } from '@/shared/request/statusText';
import { flattenValidationMessage } from '@/shared/request/validationMessage';
import type { ShipType } from '@/features/ports/portRules';
import type { PriceFilters } from './api';
import { downloadName, readImportRejection, type ImportRejection } from './priceRules';

/**
 * The workbook calls of the price screens. The request client reads JSON envelopes only, so these send
 * the session's token themselves: the export and the template answer a file, and a refused import's
 * message must be read whole (row → reasons), not flattened into one sentence.
 */

/** A refused workbook call: a sentence to show, and for an import the wrong rows. */
export class PriceFileError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly rejection: ImportRejection = { rows: [], general: [message] },
  ) {
    super(message);
  }
}

function sendOnce(path: string, body: BodyInit | undefined, contentType?: string): Promise<Response> {
  const headers = new Headers({ 'Accept-Language': getLanguage() === 'en' ? 'en' : 'zh-CN' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (contentType) headers.set('Content-Type', contentType);
  return fetch(`${API_BASE}${path}`, { method: 'POST', headers, body });
}

/**
 * Sends with the session's token. An expired token is renewed by one ordinary call through the request
 * client (which also ends a session that cannot be renewed), then the call is made again.
 */
async function send(path: string, body: BodyInit | undefined, contentType?: string): Promise<Response> {
  try {
    const response = await sendOnce(path, body, contentType);
    if (response.status !== 401) return response;
    const renewed = await http.get('/user/info/view').then(
      () => true,
      () => false,
    );
    return renewed ? await sendOnce(path, body, contentType) : response;
  } catch {
    throw new PriceFileError(statusText(0, getLanguage()), 0);
  }
}

async function readEnvelope(response: Response): Promise<{ success?: boolean; message?: string; data?: unknown } | null> {
  if (!response.headers.get('content-type')?.includes('json')) return null;
  return (await response.json().catch(() => null)) as { success?: boolean; message?: string; data?: unknown } | null;
}

function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

async function download(path: string, body: object, fallbackName: string): Promise<void> {
  const response = await send(path, JSON.stringify(body), 'application/json;charset=UTF-8');
  const envelope = await readEnvelope(response);
  if (!response.ok || envelope) {
    const message = envelope?.message ? flattenValidationMessage(envelope.message, getLanguage()) : statusText(response.status, getLanguage());
    throw new PriceFileError(message, response.status);
  }
  save(await response.blob(), downloadName(response.headers.get('content-disposition')) ?? fallbackName);
}

/** The prices the list's filters select (paging ignored), as the server's xlsx. */
export function exportPrices(filters: PriceFilters): Promise<void> {
  return download('/price/export', filters, `prices-${filters.shipType}.xlsx`);
}

export function downloadImportTemplate(): Promise<void> {
  return download('/price/template', {}, 'price-import-template.xlsx');
}

/** Imports a workbook into a line: all rows or none. Resolves with the server's message (导入成功：…). */
export async function importPrices(shipType: ShipType, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const response = await send(`/price/import/${shipType}`, form);
  const envelope = await readEnvelope(response);
  if (response.ok && envelope?.success !== false) return envelope?.message ?? '';
  const message = envelope?.message ?? statusText(response.status, getLanguage());
  throw new PriceFileError(flattenValidationMessage(message, getLanguage()), response.status, response.status === 400 ? readImportRejection(message) : undefined);
}
