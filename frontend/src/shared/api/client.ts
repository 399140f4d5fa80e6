/**
 * Calls typed by the contract: the path is one of the contract's paths for that method, and the path
 * parameters, query, body and answer are the contract's (openapi/openapi.json → schema.d.ts). A call the
 * server does not have, a missing parameter or a body of the wrong shape does not compile, and the answer
 * needs no type written at the call.
 *
 * Why not openapi-fetch: the request core (`@/shared/request`) already owns the transport — single-use
 * refresh tokens, the envelope, field errors, loading messages, the error log — and openapi-fetch would be
 * a second one beside it. This layer gives the same compile-time contract over the one transport.
 */
import { request, type RequestOptions } from '@/shared/request';
import type { ApiData, Method, Operation } from './types';
import type { paths } from './schema';

/** The contract's paths that answer this method. */
export type PathOf<M extends Method> = { [P in keyof paths]: [paths[P][M]] extends [undefined] ? never : P }[keyof paths];

type PathParameters<P extends keyof paths, M extends Method> = Operation<P, M> extends { parameters: { path?: infer T } } ? T : undefined;
type RequestBody<P extends keyof paths, M extends Method> = Operation<P, M> extends { requestBody?: infer B } ? B : undefined;
type Body<P extends keyof paths, M extends Method> = [NonNullable<RequestBody<P, M>>] extends [never]
  ? undefined
  : NonNullable<RequestBody<P, M>> extends { content: { 'application/json': infer B } }
    ? B | (undefined extends RequestBody<P, M> ? undefined : never)
    : undefined;
type Part<Name extends string, T> = [T] extends [undefined] ? { [K in Name]?: undefined } : { [K in Name]: T };

/** What a call takes besides its path: `path` values and a `body` where the contract has them. */
export type CallOptions<P extends keyof paths, M extends Method> = Omit<RequestOptions, 'method' | 'data'> &
  Part<'path', PathParameters<P, M>> &
  Part<'body', Body<P, M>>;

/** The options may be left out only when nothing in them is required. */
type Rest<P extends keyof paths, M extends Method> = [PathParameters<P, M>] extends [undefined]
  ? undefined extends Body<P, M>
    ? [options?: CallOptions<P, M>]
    : [options: CallOptions<P, M>]
  : [options: CallOptions<P, M>];

/** `/customers/detail/{id}` with `{ id: 7 }` → `/customers/detail/7` (each value URL-encoded). */
export function fillPath(path: string, values: Record<string, string | number | boolean> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`The path ${path} needs the parameter "${name}"`);
    return encodeURIComponent(String(values[name]));
  });
}

function call<P extends keyof paths, M extends Method>(method: M, path: P, options: CallOptions<P, M> | undefined): Promise<ApiData<P, M>> {
  const { path: values, body, ...rest } = options ?? {};
  return request<ApiData<P, M>>(fillPath(path, values as Record<string, string | number> | undefined), {
    ...rest,
    method: method.toUpperCase() as RequestOptions['method'],
    data: body,
  });
}

export const api = {
  get: <P extends PathOf<'get'>>(path: P, ...options: Rest<P, 'get'>) => call('get', path, options[0]),
  post: <P extends PathOf<'post'>>(path: P, ...options: Rest<P, 'post'>) => call('post', path, options[0]),
  put: <P extends PathOf<'put'>>(path: P, ...options: Rest<P, 'put'>) => call('put', path, options[0]),
  delete: <P extends PathOf<'delete'>>(path: P, ...options: Rest<P, 'delete'>) => call('delete', path, options[0]),
};
