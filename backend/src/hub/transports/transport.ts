import type { HubTransportName } from '../hub.types.js';
import type { OutgoingRecords } from '../protocol/text-records.js';

/** Beyond this many bytes waiting for a client, the client is too slow and is dropped (it reconnects). */
export const SLOW_CLIENT_LIMIT_BYTES = 8 * 1024 * 1024;

/** What a transport reports to the connection it carries. */
export interface TransportOwner {
  /** Text the client sent: records, possibly several, possibly ending in a partial one. */
  receive(text: string): void;
  /** The transport is gone for good: nothing more can be sent or received through it. */
  transportClosed(): void;
}

/** One way of carrying records between a client and the hub. */
export interface HubTransport {
  readonly name: HubTransportName;
  /** WebSockets and SSE need server pings and a client timeout; Long Polling has its own liveness. */
  readonly needsKeepAlive: boolean;
  /** Queues whole records for the client; false when the client is too slow to keep up. */
  send(records: OutgoingRecords): boolean;
  /** Ends the transport once what was sent has reached the client. */
  close(): void;
  /** Ends the transport at once. */
  terminate(): void;
  /** Since when the client has had no request open (Long Polling only). */
  inactiveSince(): number | undefined;
}
