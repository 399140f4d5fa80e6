import { REQUEST_ID_HEADER } from '@forwarder/domain';
import type { ComponentsObject, OperationObject, ReferenceObject, ResponseObject, SchemaObject } from '@nestjs/swagger';

/**
 * The client errors (4xx) a call can answer, each a component the operations refer to, saying when it
 * comes (docs/api.md, the table of errors). Every one is the ErrorEnvelope.
 */
const CLIENT_ERRORS = {
  400: {
    name: 'BadRequest',
    description: 'Invalid input: a validation failure carries in `message` a JSON string mapping each field to its messages, other refusals plain text',
  },
  401: {
    name: 'Unauthorized',
    description:
      'Not signed in: no token, an expired token without a usable refresh token, or the session ended (`access-token: invalid_token` when a refresh token was refused)',
  },
  403: { name: 'Forbidden', description: 'Signed in, but without any of the permission codes the call needs (`x-access`), or not the author of the record' },
  404: { name: 'NotFound', description: 'No such record, or one outside what the caller may see' },
  409: {
    name: 'Conflict',
    description:
      'Someone else saved first (a stale `ver`), or a request under the same `Idempotency-Key` still runs (`Retry-After`) or was saved and its answer lost',
  },
  413: {
    name: 'PayloadTooLarge',
    description: 'The body is larger than the server takes (BODY_LIMIT_KB, the upload limit, or ANONYMOUS_BODY_LIMIT_KB signed out)',
  },
  422: { name: 'IdempotencyKeyReused', description: 'The `Idempotency-Key` was sent before with a different request: nothing was run' },
  423: { name: 'Locked', description: 'The account is locked after repeated sign-in failures: the message says for how many minutes' },
  429: { name: 'TooManyRequests', description: 'Too many calls of the open routes from this address: `Retry-After` says when to call again' },
} as const;

export type ClientError = keyof typeof CLIENT_ERRORS;

/** What the contract knows of an operation to say which client errors it answers. */
export interface OperationFacts {
  operation: OperationObject;
  access: 'public' | 'signedIn' | 'permission';
  idempotent: boolean;
  /** The request DTO's properties, when the body is a named schema. */
  bodyProperties: readonly string[];
}

/**
 * The 4xx a call answers, from what it takes and who may call it: 400 for any input (path, query, body;
 * a malformed Idempotency-Key too), 413 for a body, 401 unless public, 429 for the public ones (rate
 * limited), 403 for permission codes, 404 for a record named by the path or the body (`id`, `…Id`),
 * 409 for a body carrying `ver` or an idempotent create, 422 for an idempotent create, and what the
 * handler declares itself with @ApiResponse (the sign-in's 423).
 */
export function clientErrorsOf({ operation, access, idempotent, bodyProperties }: OperationFacts): ClientError[] {
  const parameters = (operation.parameters ?? []).filter((p): p is Exclude<typeof p, ReferenceObject> => !('$ref' in p));
  const pathParameters = parameters.filter((p) => p.in === 'path');
  const hasBody = operation.requestBody !== undefined;
  const namesRecord = pathParameters.length > 0 || bodyProperties.some((name) => name === 'id' || name === 'ids' || /[a-z]Ids?$/.test(name));
  const declared = Object.keys(operation.responses ?? {})
    .map(Number)
    .filter((status): status is ClientError => status in CLIENT_ERRORS);
  const errors = new Set<ClientError>(declared);
  if (hasBody || parameters.some((p) => p.in === 'path' || p.in === 'query') || idempotent) errors.add(400);
  if (access !== 'public') errors.add(401);
  if (access === 'permission') errors.add(403);
  if (namesRecord) errors.add(404);
  if (bodyProperties.includes('ver') || idempotent) errors.add(409);
  if (hasBody) errors.add(413);
  if (idempotent) errors.add(422);
  if (access === 'public') errors.add(429);
  return [...errors].sort((a, b) => a - b);
}

export const clientErrorResponse = (status: ClientError): ReferenceObject => ({ $ref: `#/components/responses/${CLIENT_ERRORS[status].name}` });

/** The headers every answer may carry: the request's id, and the renewed tokens after a refresh. */
const ANSWER_HEADERS = {
  RequestId: {
    description: 'The id of the request (the one the client sent when sane, 1–64 of `A-Za-z0-9._-`), kept with its request and exception log rows',
    schema: { type: 'string' } as SchemaObject,
  },
  AccessToken: {
    description: 'A new access token, after an expired one came with a usable refresh token; `invalid_token` when a refresh token was refused',
    schema: { type: 'string' } as SchemaObject,
  },
  RefreshToken: {
    description: 'The new refresh token that replaces the one used (single use), sent with a renewed access token',
    schema: { type: 'string' } as SchemaObject,
  },
};

/** The headers of an answer, as references to the components. */
export const answerHeaders = (signedIn: boolean) => ({
  [REQUEST_ID_HEADER]: { $ref: '#/components/headers/RequestId' },
  ...(signedIn ? { 'access-token': { $ref: '#/components/headers/AccessToken' }, 'x-access-token': { $ref: '#/components/headers/RefreshToken' } } : {}),
});

/** The request headers the contract declares on calls (the access token itself is the `bearer` security scheme). */
export const HEADER_PARAMETERS = {
  RefreshToken: {
    name: 'X-Authorization',
    in: 'header' as const,
    required: false,
    description:
      'With an expired access token: `Bearer <refreshToken>`. The call is answered and the renewed tokens come back in `access-token` and `x-access-token`; the refresh token is used up.',
    schema: { type: 'string', pattern: '^Bearer .+$' } as SchemaObject,
  },
  AcceptLanguage: {
    name: 'Accept-Language',
    in: 'header' as const,
    required: false,
    description: 'The language of the messages: Chinese unless it asks for English (`en`)',
    schema: { type: 'string', example: 'en' } as SchemaObject,
  },
};

export const headerParameter = (name: keyof typeof HEADER_PARAMETERS): ReferenceObject => ({ $ref: `#/components/parameters/${name}` });

/** The components the operations refer to: client errors, answer headers and request header parameters. */
export function answerComponents(): Pick<ComponentsObject, 'responses' | 'headers' | 'parameters'> {
  const responses = Object.fromEntries(
    Object.values(CLIENT_ERRORS).map(({ name, description }): [string, ResponseObject] => [
      name,
      {
        description,
        headers: { [REQUEST_ID_HEADER]: { $ref: '#/components/headers/RequestId' } },
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      },
    ]),
  );
  return { responses, headers: ANSWER_HEADERS, parameters: HEADER_PARAMETERS };
}
