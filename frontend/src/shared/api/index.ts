/**
 * The API's types, generated from the contract (openapi/openapi.json, written by the backend's build) into
 * schema.d.ts by `npm run api:types -w frontend`: the areas' api.ts name their request and answer types
 * after these instead of copying the server's shapes (docs/development.md, The API contract).
 */
import type { components, paths } from './schema';

export { api, fillPath, type CallOptions, type PathOf } from './client';

/** A named schema of the contract: a DTO the server validates, or a type its answers are made of. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

type Method = 'get' | 'post' | 'put' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** What a call answers: the envelope's `data` (the request client unwraps the envelope). */
export type ApiData<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: { 200: { content: { 'application/json': { data: infer Data } } } } } ? Data : never;

/** The JSON body a call takes. */
export type ApiBody<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;

/** What a path parameter of a call takes: `ApiPathParam<'/order/upgrade/{stage}', 'post', 'stage'>` is the stages the server moves orders into. */
export type ApiPathParam<P extends keyof paths, M extends Method, Name extends string> =
  Operation<P, M> extends { parameters: { path: infer Params } } ? (Name extends keyof Params ? Params[Name] : never) : never;

/** A list call's filters: its query DTO without the paging, which the list screen keeps itself. */
export type ListFilters<Name extends keyof components['schemas']> = Omit<Schema<Name>, 'pageIndex' | 'pageSize'>;
