import type { Schema } from '@/shared/api/types';
export { configureRequest, http, request, RequestError, type RequestOptions } from './client';
export { clearTokens, getToken, setTokens } from './tokens';
export { downloadFile, downloadName, fetchFile, saveFile, uploadFile, type DownloadOptions, type DownloadProgress } from './files';

/**
 * The paged answer of every list call around its rows. The contract writes one `Page_<Row>` schema a list;
 * their fields but the rows are the same, named here after one of them.
 */
export type Page<T> = Omit<Schema<'Page_RoleRow'>, 'items'> & { items: T[] };
