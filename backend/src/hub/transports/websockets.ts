import WebSocket from 'ws';
import type { OutgoingRecords } from '../protocol/text-records.js';
import { SLOW_CLIENT_LIMIT_BYTES, type HubTransport, type TransportOwner } from './transport.js';

const NORMAL_CLOSURE = 1000;

/** WebSockets: one text frame per batch of records, each direction. */
export class WebSocketTransport implements HubTransport {
  readonly name = 'WebSockets';
  readonly needsKeepAlive = true;

  constructor(
    private readonly socket: WebSocket,
    owner: TransportOwner,
  ) {
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => owner.receive(decode(data)));
    socket.on('close', () => owner.transportClosed());
    // An error is always followed by 'close'; the listener keeps it from being thrown.
    socket.on('error', () => socket.terminate());
  }

  send(records: OutgoingRecords): boolean {
    if (this.socket.readyState !== WebSocket.OPEN) return true;
    if (this.socket.bufferedAmount > SLOW_CLIENT_LIMIT_BYTES) return false;
    // Text frames only: the JSON protocol client rejects JSON in a binary frame.
    this.socket.send(records.bytes, { binary: false });
    return true;
  }

  close(): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close(NORMAL_CLOSURE);
  }

  terminate(): void {
    this.socket.terminate();
  }

  inactiveSince(): undefined {
    return undefined;
  }
}

function decode(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}
