import type { ServerResponse } from 'node:http';
import type { OutgoingRecords } from '../protocol/text-records.js';
import { SLOW_CLIENT_LIMIT_BYTES, type HubTransport, type TransportOwner } from './transport.js';

/**
 * One SSE event carrying the payload: a `data:` line per payload line, then an empty line.
 * EventSource joins the lines back with `\n`.
 */
export function serverSentEvent(payload: string): string {
  const lines = payload.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  return lines.map((line) => `data: ${line}\r\n`).join('') + '\r\n';
}

/** Server-Sent Events: records stream down one open response; the client POSTs its records. */
export class ServerSentEventsTransport implements HubTransport {
  readonly name = 'ServerSentEvents';
  readonly needsKeepAlive = true;

  constructor(
    private readonly response: ServerResponse,
    owner: TransportOwner,
  ) {
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

  send(records: OutgoingRecords): boolean {
    if (this.response.writableEnded) return true;
    if (this.response.writableLength > SLOW_CLIENT_LIMIT_BYTES) return false;
    this.response.write(serverSentEvent(records.text));
    return true;
  }

  close(): void {
    this.response.end();
  }

  terminate(): void {
    this.response.destroy();
  }

  inactiveSince(): undefined {
    return undefined;
  }
}
