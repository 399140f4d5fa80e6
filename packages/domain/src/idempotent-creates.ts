/**
 * Idempotent creates (docs/api.md): the creates a client may retry under an Idempotency-Key, as the
 * IETF draft draft-ietf-httpapi-idempotency-key-header describes it. The server honours the key on the
 * handlers it marks @Idempotent(), the web client sends a key and retries these calls; a server test holds
 * both to this one rule.
 */

/** The request header naming one submission of a create. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set (to `true`) on an answer given again to a retry instead of creating twice. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** The longest key the server accepts (a UUID is 36 characters). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/**
 * The creates, by path below /api/v1: …/add and …/add/{…} (records, issues, replies, tasks, answers,
 * finance records and charges), the order track's insert, the workbook imports, the file upload, a
 * charge billed from a quotation, and the customer portal's pre-alert.
 */
const CREATE_PATHS = [/\/(?:add|insert)(?:\/[^/]+)?$/, /\/import\/[^/]+$/, /^\/file\/update$/, /^\/finance\/charge\/quote\/[^/]+$/, /^\/portal\/prealerts$/];

/** Whether `method path` (the path below /api/v1, without its query) is a create that honours an Idempotency-Key. */
export function isIdempotentCreate(method: string, path: string): boolean {
  return (method === 'POST' || method === 'PUT') && CREATE_PATHS.some((pattern) => pattern.test(path));
}
