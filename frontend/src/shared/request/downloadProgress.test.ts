import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/i18n';
import { downloadFile, readWithProgress, type DownloadProgress } from './files';
import { setTokens } from './tokens';

/** A response whose body arrives in the given chunks (as a streamed report does). */
function streamed(chunks: string[], headers: Record<string, string> = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers });
}

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setLanguage('zh');
});

describe('readWithProgress', () => {
  it('reports the bytes received chunk by chunk, with the length when the server gives one', async () => {
    const progress: DownloadProgress[] = [];
    const blob = await readWithProgress(streamed(['abc', 'defgh'], { 'content-length': '8', 'content-type': 'text/plain' }), (p) => progress.push(p));
    expect(progress).toEqual([
      { received: 0, total: 8 },
      { received: 3, total: 8 },
      { received: 8, total: 8 },
    ]);
    expect(blob.size).toBe(8);
    expect(blob.type).toBe('text/plain');
  });

  it('has no total while the server streams without a length', async () => {
    const progress: DownloadProgress[] = [];
    await readWithProgress(streamed(['ab', 'c']), (p) => progress.push(p));
    expect(progress.at(-1)).toEqual({ received: 3, total: null });
  });
});

describe('downloadFile with progress', () => {
  it('tells the headers once accepted, then the bytes as they arrive, and saves the file', async () => {
    setTokens({ token: 'access' });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(streamed(['xl', 'sx'], { 'content-disposition': 'attachment; filename="a.xlsx"', 'x-report-rows': '2' }));
    const onStart = vi.fn();
    const onProgress = vi.fn();
    await expect(downloadFile('/order/finance/reporting', { from: '2026-11-01' }, 'fallback.xlsx', { onStart, onProgress })).resolves.toBe('a.xlsx');
    expect(new Headers(fetchMock.mock.calls[0][1].headers).get('Authorization')).toBe('Bearer access');
    expect((onStart.mock.calls[0][0] as Headers).get('x-report-rows')).toBe('2');
    expect(onProgress.mock.calls.map(([progress]) => progress)).toEqual([
      { received: 0, total: null },
      { received: 2, total: null },
      { received: 4, total: null },
    ]);
    expect(click).toHaveBeenCalledOnce();
  });
});
