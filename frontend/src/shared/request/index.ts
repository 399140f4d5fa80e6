export { configureRequest, http, request, RequestError, type RequestOptions } from './client';
export { clearTokens, getToken, setTokens } from './tokens';
export { downloadFile, downloadName, uploadFile, type DownloadOptions, type DownloadProgress } from './files';

/** The paged answer of every list call. */
export interface Page<T> {
  items: T[];
  pageIndex: number;
  pageSize: number;
  totalCount: number;
  totalPage: number;
}
