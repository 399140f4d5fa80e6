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

/**
 * A transport over one long-lived stream (WebSockets, SSE): kept alive by server pings, and dropped when
 * more than SLOW_CLIENT_LIMIT_BYTES wait in its buffer.
 */
export abstract class StreamTransport implements HubTransport {
  abstract readonly name: HubTransportName;
  readonly needsKeepAlive = true;

  /** Whether the stream is closed: what is sent then goes nowhere. */
  protected abstract ended(): boolean;
  /** Bytes written to the stream and not yet sent. */
  protected abstract buffered(): number;
  protected abstract write(records: OutgoingRecords): void;
  abstract close(): void;
  abstract terminate(): void;

  send(records: OutgoingRecords): boolean {
    if (this.ended()) return true;
    if (this.buffered() > SLOW_CLIENT_LIMIT_BYTES) return false;
    this.write(records);
    return true;
  }

  inactiveSince(): undefined {
    return undefined;
  }
}
