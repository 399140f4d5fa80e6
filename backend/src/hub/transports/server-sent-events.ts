import type { ServerResponse } from 'node:http';
import type { OutgoingRecords } from '../protocol/text-records.js';
import { StreamTransport, type TransportOwner } from './transport.js';

/**
 * One SSE event carrying the payload: a `data:` line per payload line, then an empty line.
 * EventSource joins the lines back with `\n`.
 */
export function serverSentEvent(payload: string): string {
  const lines = payload.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  return lines.map((line) => `data: ${line}\r\n`).join('') + '\r\n';
}

/** Server-Sent Events: records stream down one open response; the client POSTs its records. */
export class ServerSentEventsTransport extends StreamTransport {
  readonly name = 'ServerSentEvents';

  constructor(
    private readonly response: ServerResponse,
    owner: TransportOwner,
  ) {
    super();
    response.writeHead(200, {
      'Content-Type': 'text/event-stream',
      // no-transform keeps compression middleware away; the client waits for the stream to open.
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
    response.socket?.setNoDelay(true);
    // A comment line sends the headers and opens the EventSource at once.
    response.write(':\r\n');
    response.on('close', () => owner.transportClosed());
  }

  protected ended(): boolean {
    return this.response.writableEnded;
  }

  protected buffered(): number {
    return this.response.writableLength;
  }

  protected write(records: OutgoingRecords): void {
    this.response.write(serverSentEvent(records.text));
  }

  close(): void {
    this.response.end();
  }

  terminate(): void {
    this.response.destroy();
  }
}
