/**
 * The contract's types (openapi/openapi.json → schema.d.ts): named schemas and what each call takes and
 * answers. Apart from the call layer (./client.ts) so that the request core can name a schema without
 * importing the calls made over it (no import circle between shared/api and shared/request).
 */
import type { components, paths } from './schema';

/** A named schema of the contract: a DTO the server validates, or a type its answers are made of. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The methods the contract's calls use. */
export type Method = 'get' | 'post' | 'put' | 'delete';
/** One call of the contract: a path and a method it answers. */
export type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

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
