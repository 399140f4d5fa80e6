/**
 * The API's types, generated from the contract (openapi/openapi.json, written by the backend's build) into
 * schema.d.ts by `npm run api:types -w frontend`: the areas' api.ts name their request and answer types
 * after these instead of copying the server's shapes (docs/development.md, The API contract).
 */
export { api, fillPath, type CallOptions, type PathOf } from './client';
export type { ApiBody, ApiData, ApiPathParam, ListFilters, Schema } from './types';
