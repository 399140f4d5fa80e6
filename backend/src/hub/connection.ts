/**
 * One SignalR connection: the state machine from negotiate through handshake to close, the
 * keep-alive rules, and the routing of client records. It knows nothing of HTTP; a transport feeds
 * it text and carries its records.
 */
import { Logger } from '@nestjs/common';
import type { HubOptions } from './hub.options.js';
import type { HubPrincipal, HubTransportName } from './hub.types.js';
import {
  HANDSHAKE_ACCEPTED_RECORD,
  InvalidMessageError,
  MessageType,
  PING_RECORD,
  closeRecord,
  handshakeErrorRecord,
  handshakeRefusal,
  parseClientMessage,
  parseHandshakeRequest,
  type InvocationMessage,
  type StreamInvocationMessage,
} from './protocol/json-hub-protocol.js';
import { OutgoingRecords, RecordReader } from './protocol/text-records.js';
import type { HubTransport, TransportOwner } from './transports/transport.js';

const logger = new Logger('Hub');

const PING = new OutgoingRecords(PING_RECORD);
const HANDSHAKE_ACCEPTED = new OutgoingRecords(HANDSHAKE_ACCEPTED_RECORD);
/** The Close error for a client that broke the protocol (ASP.NET Core's wording). */
export const PROTOCOL_ERROR = 'Connection closed with an error.';

export type ConnectionState =
  /** Negotiated; no transport yet. */
  | 'negotiated'
  /** A transport is attached; waiting for the handshake request. */
  | 'handshaking'
  /** Handshake accepted: the client receives hub messages and may invoke methods. */
  | 'connected'
  /** Ending; the transport may still be handing the last records over (Long Polling). */
  | 'closing'
  /** Gone. */
  | 'closed';

/** What the hub provides to every connection. */
export interface ConnectionHost {
  readonly options: HubOptions;
  /** The handshake succeeded. */
  connected(connection: HubConnection): void;
  /** Runs an invocation and returns the record to answer with, if any. */
  dispatch(connection: HubConnection, message: InvocationMessage | StreamInvocationMessage): Promise<string | undefined>;
  /** The connection left the connected state (or never reached it). Called once. */
  disconnected(connection: HubConnection): void;
  /** Nothing refers to the connection any more; forget its token. Called once, after disconnected. */
  released(connection: HubConnection): void;
}

export class HubConnection implements TransportOwner {
  state: ConnectionState = 'negotiated';
  transport?: HubTransport;
  connectedAt?: Date;

  private readonly reader: RecordReader;
  private stateSince: number;
  private lastSentAt = 0;
  private lastReceivedAt = 0;
  /** Invocations of one client run one at a time, in order (as ASP.NET Core does by default). */
  private invocations: Promise<void> = Promise.resolve();

  constructor(
    readonly connectionId: string,
    readonly connectionToken: string,
    readonly principal: HubPrincipal,
    private readonly host: ConnectionHost,
  ) {
    this.reader = new RecordReader(host.options.maxMessageBytes);
    this.stateSince = Date.now();
  }

  get transportName(): HubTransportName | undefined {
    return this.transport?.name;
  }

  attach(transport: HubTransport): void {
    if (this.state !== 'negotiated') throw new Error(`Cannot attach a transport to a ${this.state} connection`);
    this.transport = transport;
    this.setState('handshaking');
    this.lastReceivedAt = this.stateSince;
  }

  receive(text: string): void {
    if (this.state !== 'handshaking' && this.state !== 'connected') return;
    this.lastReceivedAt = Date.now();
    let records: string[];
    try {
      records = this.reader.push(text);
    } catch (error) {
      this.failWithProtocolError(error);
      return;
    }
    for (const record of records) {
      if (this.state === 'handshaking') this.handshake(record);
      else if (this.state === 'connected') this.handleMessage(record);
      else return;
    }
  }

  /** Sends records to a connected client. */
  send(records: OutgoingRecords): void {
    if (this.state !== 'connected') return;
    this.write(records);
  }

  /** Ends the connection from the server: a Close message, then the transport closes. */
  close(error?: string, allowReconnect = false): void {
    if (this.state === 'connected') this.write(new OutgoingRecords(closeRecord(error, allowReconnect)));
    this.end();
  }

  /** Drops the connection without a Close message: to the client, a lost connection. */
  abort(): void {
    if (this.state === 'closed') return;
    const transport = this.transport;
    this.leave();
    if (transport) transport.terminate();
    else this.transportClosed();
  }

  transportClosed(): void {
    if (this.state === 'closed') return;
    this.leave();
    this.setState('closed');
    this.host.released(this);
  }

  /** Time-based rules, run by the hub's periodic sweep. */
  tick(now: number): void {
    const { options } = this.host;
    switch (this.state) {
      case 'negotiated':
        if (now - this.stateSince > options.disconnectTimeoutMs) this.abort();
        return;
      case 'handshaking':
        if (now - this.stateSince > options.handshakeTimeoutMs) {
          this.write(new OutgoingRecords(handshakeErrorRecord('Handshake was canceled.')));
          this.end();
          return;
        }
        break;
      case 'connected':
        if (this.transport?.needsKeepAlive) {
          if (now - this.lastReceivedAt > options.clientTimeoutMs) {
            logger.log(`Connection ${this.connectionId} timed out: nothing received for ${options.clientTimeoutMs} ms`);
            this.abort();
            return;
          }
          if (now - this.lastSentAt >= options.pingIntervalMs) this.write(PING);
        }
        break;
      default:
        break;
    }
    const inactiveSince = this.transport?.inactiveSince();
    if (inactiveSince !== undefined && now - inactiveSince > options.disconnectTimeoutMs) this.abort();
  }

  private handshake(record: string): void {
    let refusal: string | undefined;
    try {
      refusal = handshakeRefusal(parseHandshakeRequest(record));
    } catch (error) {
      refusal = error instanceof InvalidMessageError ? 'The handshake request is invalid.' : String(error);
    }
    if (refusal) {
      this.write(new OutgoingRecords(handshakeErrorRecord(refusal)));
      this.end();
      return;
    }
    this.write(HANDSHAKE_ACCEPTED);
    this.setState('connected');
    this.connectedAt = new Date(this.stateSince);
    this.host.connected(this);
  }

  private handleMessage(record: string): void {
    let message;
    try {
      message = parseClientMessage(record);
    } catch (error) {
      this.failWithProtocolError(error);
      return;
    }
    switch (message?.type) {
      case MessageType.Invocation:
      case MessageType.StreamInvocation: {
        const invocation = message;
        this.invocations = this.invocations
          .then(async () => {
            const reply = await this.host.dispatch(this, invocation);
            if (reply) this.send(new OutgoingRecords(reply));
          })
          .catch((error: Error) => {
            // Not expected (dispatch never rejects); a stalled queue would leave the client hanging.
            logger.error(`Connection ${this.connectionId} failed to run '${invocation.target}'`, error.stack);
            this.close(PROTOCOL_ERROR);
          });
        return;
      }
      case MessageType.Close:
        // The client is leaving; it expects no Close in return.
        this.end();
        return;
      default:
        // Pings only keep the connection alive. Stream items, completions and cancellations have
        // nothing to act on: we accept no upload streams and ask clients for no results.
        return;
    }
  }

  private failWithProtocolError(error: unknown): void {
    logger.warn(`Connection ${this.connectionId} sent an invalid record: ${(error as Error).message}`);
    this.close(PROTOCOL_ERROR);
  }

  private write(records: OutgoingRecords): void {
    if (!this.transport) return;
    this.lastSentAt = Date.now();
    if (!this.transport.send(records)) {
      logger.warn(`Connection ${this.connectionId} dropped: the client does not keep up with its messages`);
      this.abort();
    }
  }

  /** Graceful end: the transport closes once what was written has been handed over. */
  private end(): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    const transport = this.transport;
    this.leave();
    if (transport) transport.close();
    else this.transportClosed();
  }

  /** Leaves the live states, telling the hub once. */
  private leave(): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    this.setState('closing');
    this.host.disconnected(this);
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    this.stateSince = Date.now();
  }
}
