import type { OutgoingRecords } from '../protocol/text-records.js';
import { SLOW_CLIENT_LIMIT_BYTES, type HubTransport, type TransportOwner } from './transport.js';

/** Where a poll is answered: its HTTP response, or the answer to a poll relayed from another process. */
export interface PollResponse {
  readonly writableEnded: boolean;
  writeHead(status: number, headers?: Record<string, string>): this;
  end(body?: Buffer): unknown;
  /** The poll was abandoned (or, for an HTTP response, has ended). */
  on(event: 'close', listener: () => void): unknown;
}

interface OpenPoll {
  response: PollResponse;
  timer: NodeJS.Timeout;
}

/**
 * Long Polling: records wait in a queue until the client's next poll takes them all. A poll is
 * held until there is something to send, or answered empty after the poll timeout; 204 tells the
 * client the connection is over. The client POSTs its records and ends with DELETE.
 */
export class LongPollingTransport implements HubTransport {
  readonly name = 'LongPolling';
  readonly needsKeepAlive = false;

  private queue: string[] = [];
  private queuedLength = 0;
  private openPoll?: OpenPoll;
  private pollEndedAt = Date.now();
  private closing = false;
  private terminated = false;
  private flushScheduled = false;

  constructor(
    private readonly owner: TransportOwner,
    private readonly pollTimeoutMs: number,
  ) {}

  /** The client's first poll only confirms the transport: answered empty at once, before the handshake. */
  acceptFirstPoll(response: PollResponse): void {
    respond(response, 200);
    this.pollEndedAt = Date.now();
  }

  poll(response: PollResponse): void {
    // The client never overlaps polls; if one does, the older one is the stale one.
    if (this.openPoll) this.endPoll(this.openPoll, 204);
    if (this.terminated) {
      respond(response, 204);
      return;
    }
    if (this.queue.length > 0) {
      respond(response, 200, this.takeQueue());
      this.pollEndedAt = Date.now();
      return;
    }
    if (this.closing) {
      respond(response, 204);
      this.terminate();
      return;
    }
    const poll: OpenPoll = {
      response,
      timer: setTimeout(() => this.endPoll(poll, 200), this.pollTimeoutMs),
    };
    this.openPoll = poll;
    // An aborted poll is forgotten: records are only ever written into a live response.
    response.on('close', () => {
      if (this.openPoll !== poll) return;
      clearTimeout(poll.timer);
      this.openPoll = undefined;
      this.pollEndedAt = Date.now();
    });
  }

  send(records: OutgoingRecords): boolean {
    if (this.terminated) return true;
    this.queue.push(records.text);
    this.queuedLength += records.text.length;
    if (this.queuedLength > SLOW_CLIENT_LIMIT_BYTES) return false;
    this.scheduleFlush();
    return true;
  }

  close(): void {
    if (this.closing) return;
    this.closing = true;
    if (!this.openPoll) return; // the next poll takes what is queued, the one after gets 204
    if (this.queue.length > 0) this.scheduleFlush();
    else {
      this.endPoll(this.openPoll, 204);
      this.terminate();
    }
  }

  terminate(): void {
    if (this.terminated) return;
    this.terminated = true;
    this.closing = true;
    this.queue = [];
    if (this.openPoll) this.endPoll(this.openPoll, 204);
    this.owner.transportClosed();
  }

  inactiveSince(): number | undefined {
    return this.openPoll ? undefined : this.pollEndedAt;
  }

  /** Sends made in the same turn of the event loop leave together in one poll. */
  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    queueMicrotask(() => {
      this.flushScheduled = false;
      if (this.openPoll && this.queue.length > 0) this.endPoll(this.openPoll, 200, this.takeQueue());
    });
  }

  private endPoll(poll: OpenPoll, status: 200 | 204, body?: string): void {
    clearTimeout(poll.timer);
    if (this.openPoll === poll) this.openPoll = undefined;
    respond(poll.response, status, body);
    this.pollEndedAt = Date.now();
  }

  private takeQueue(): string {
    const body = this.queue.join('');
    this.queue = [];
    this.queuedLength = 0;
    return body;
  }
}

function respond(response: PollResponse, status: 200 | 204, body?: string): void {
  if (response.writableEnded) return;
  if (status === 204) {
    response.writeHead(204).end();
    return;
  }
  if (!body) {
    response.writeHead(200, { 'Content-Length': '0' }).end();
    return;
  }
  const bytes = Buffer.from(body, 'utf8');
  response.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(bytes.length) }).end(bytes);
}
