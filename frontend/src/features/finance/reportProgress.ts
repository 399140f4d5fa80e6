import type { DownloadProgress } from '@/shared/request';

/** A byte count for people: 512 B, 12.3 KB, 4.56 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** The percentage done when the server said how long the file is; null while it streams without a length. */
export function percentDone(progress: DownloadProgress): number | null {
  if (!progress.total) return null;
  return Math.min(100, Math.floor((progress.received / progress.total) * 100));
}

/** The number of order rows the report holds (header `X-Report-Rows`), when the server sent it. */
export function reportRows(headers: Headers): number | null {
  const rows = Number(headers.get('x-report-rows'));
  return headers.has('x-report-rows') && Number.isInteger(rows) && rows >= 0 ? rows : null;
}
