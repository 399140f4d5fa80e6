import { createHash } from 'node:crypto';

/**
 * What the database keeps of a secret value a caller presents (a token's session id, a refresh token id,
 * a binding code, an Idempotency-Key): SHA-256 in hex, looked up by the same hash, so a dump or a backup
 * gives no value anyone could present.
 */
export function storedId(presented: string): string {
  return createHash('sha256').update(presented).digest('hex');
}
