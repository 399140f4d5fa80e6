import type { ResponseObject, SchemaObject } from '@nestjs/swagger';
import type { Schema } from './type-schemas.js';

/** The envelope of every answer (common/envelope.ts) and of every error (common/exception.filter.ts). */
export const ENVELOPE_SCHEMAS: Record<string, SchemaObject> = {
  Envelope: {
    type: 'object',
    description: 'The answer of every call: `data` holds what the call answers (its schema is given per call).',
    properties: {
      success: { type: 'boolean', description: 'false on an error' },
      code: { type: 'integer', description: '200, or the HTTP status of an error' },
      message: { type: 'string', description: 'The success message, or what went wrong (400 of validation: a JSON string mapping fields to messages)' },
      data: { description: 'The answer; null on an error' },
    },
    required: ['success', 'code', 'message', 'data'],
  },
  ErrorEnvelope: {
    type: 'object',
    description:
      'An error: `success` false, the HTTP status in `code`, what went wrong in `message` (Chinese, or English with `Accept-Language: en`), the request id to quote in `requestId`.',
    properties: {
      success: { type: 'boolean', enum: [false] },
      code: { type: 'integer' },
      message: { type: 'string' },
      data: { type: 'object', nullable: true, enum: [null] },
      requestId: { type: 'string', description: 'The id of the request (also in the X-Request-Id header), kept with its request and exception log rows' },
    },
    required: ['success', 'code', 'message', 'data', 'requestId'],
  },
};

/** The envelope around one call's data. */
export function envelopeOf(data: Schema): SchemaObject {
  return { allOf: [{ $ref: '#/components/schemas/Envelope' }, { type: 'object', properties: { data }, required: ['data'] }] };
}

/** Any other error: the client errors a call answers are listed beside it (operation-answers.ts). */
export const errorResponse: ResponseObject = {
  description: 'A server error: 500 unexpected (logged, no stack leaks), 503 while the database is busy or away (`Retry-After`)',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
};

/** A file sent as it is (no envelope), of the types the handler declares with @ApiProduces. */
export function fileResponse(types: string[]): ResponseObject {
  const content = Object.fromEntries(
    (types.length > 0 ? types : ['application/octet-stream']).map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
  );
  return { description: 'The file, with Content-Disposition naming it', content };
}
