/** The negotiate exchange: identities of a new connection and the body the client expects. */
import { randomFillSync } from 'node:crypto';
import type { HubTransportName } from './hub.types.js';

export interface ConnectionIdentity {
  /** Public: clients and the app address a connection by it. */
  connectionId: string;
  /** Secret: the `id` of every later request. Equal to the connection id for v0 clients. */
  connectionToken: string;
}

/** Version 1 unless the client asked for none (a v0 client sends no negotiateVersion). */
export function negotiateVersionOf(requested: string | null): 0 | 1 {
  const version = Number(requested);
  return requested !== null && Number.isInteger(version) && version >= 1 ? 1 : 0;
}

/**
 * Random bytes drawn from the CSPRNG a pool at a time (as `crypto.randomUUID` does): one system call per
 * 85 connections instead of two per connection. Every byte is handed out once.
 */
const RANDOM_POOL_BYTES = 48 * 85;
const randomPool = Buffer.alloc(RANDOM_POOL_BYTES);
let randomOffset = RANDOM_POOL_BYTES;

function randomText(bytes: number): string {
  if (randomOffset + bytes > RANDOM_POOL_BYTES) {
    randomFillSync(randomPool);
    randomOffset = 0;
  }
  const text = randomPool.toString('base64url', randomOffset, randomOffset + bytes);
  randomOffset += bytes;
  return text;
}

/** Both URL-safe (base64url), as the client puts the token into URLs without encoding it. */
export function newConnectionIdentity(negotiateVersion: 0 | 1): ConnectionIdentity {
  const connectionId = randomText(16);
  const connectionToken = negotiateVersion >= 1 ? randomText(32) : connectionId;
  return { connectionId, connectionToken };
}

const AVAILABLE_TRANSPORTS: Array<{ transport: HubTransportName; transferFormats: string[] }> = [
  { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
  { transport: 'ServerSentEvents', transferFormats: ['Text'] },
  { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
];

export function negotiateResponse(identity: ConnectionIdentity, negotiateVersion: 0 | 1): object {
  if (negotiateVersion === 0) {
    return { connectionId: identity.connectionId, availableTransports: AVAILABLE_TRANSPORTS };
  }
  return {
    negotiateVersion: 1,
    connectionId: identity.connectionId,
    connectionToken: identity.connectionToken,
    availableTransports: AVAILABLE_TRANSPORTS,
  };
}
