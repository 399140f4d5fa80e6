import WebSocket from 'ws';
import type { OutgoingRecords } from '../protocol/text-records.js';
import { StreamTransport, type TransportOwner } from './transport.js';

const NORMAL_CLOSURE = 1000;

/** WebSockets: one text frame per batch of records, each direction. */
export class WebSocketTransport extends StreamTransport {
  readonly name = 'WebSockets';

  constructor(
    private readonly socket: WebSocket,
    owner: TransportOwner,
  ) {
    super();
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => owner.receive(decode(data)));
    socket.on('close', () => owner.transportClosed());
    // An error is always followed by 'close'; the listener keeps it from being thrown.
    socket.on('error', () => socket.terminate());
  }

  protected ended(): boolean {
    return this.socket.readyState !== WebSocket.OPEN;
  }

  protected buffered(): number {
    return this.socket.bufferedAmount;
  }

  protected write(records: OutgoingRecords): void {
    // Text frames only: the JSON protocol client rejects JSON in a binary frame.
    this.socket.send(records.bytes, { binary: false });
  }

  close(): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close(NORMAL_CLOSURE);
  }

  terminate(): void {
    this.socket.terminate();
  }
}

function decode(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}
