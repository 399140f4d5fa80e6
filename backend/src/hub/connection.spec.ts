import { HubConnection, type ConnectionHost } from './connection.js';
import { DEFAULT_HUB_OPTIONS } from './hub.options.js';
import type { HubTransportName } from './hub.types.js';
import { OutgoingRecords } from './protocol/text-records.js';
import type { HubTransport, TransportOwner } from './transports/transport.js';

const RS = '\x1e';
const principal = { userId: 7, sessionId: 's-1', account: 'op01', fullName: 'Operator' };
const options = { ...DEFAULT_HUB_OPTIONS, pingIntervalMs: 1000, clientTimeoutMs: 3000, handshakeTimeoutMs: 2000, disconnectTimeoutMs: 2000 };

class FakeTransport implements HubTransport {
  readonly needsKeepAlive: boolean;
  sent: string[] = [];
  state: 'open' | 'closed' | 'terminated' = 'open';

  constructor(
    private readonly owner: () => TransportOwner,
    readonly name: HubTransportName = 'WebSockets',
  ) {
    this.needsKeepAlive = name !== 'LongPolling';
  }

  send(records: OutgoingRecords): boolean {
    this.sent.push(records.text);
    return true;
  }

  close(): void {
    this.state = 'closed';
    this.owner().transportClosed();
  }

  terminate(): void {
    this.state = 'terminated';
    this.owner().transportClosed();
  }

  inactiveSince(): undefined {
    return undefined;
  }
}

/** A connection with a host that records its events, on a fake transport of that name (none: negotiated, never attached). */
function setUp(transportName: HubTransportName | null = 'WebSockets') {
  const events: string[] = [];
  const host: ConnectionHost = {
    options,
    connected: () => events.push('connected'),
    disconnected: () => events.push('disconnected'),
    released: () => events.push('released'),
    dispatch: async (_connection, message) =>
      message.invocationId === undefined ? undefined : `{"type":3,"invocationId":"${message.invocationId}","result":"${message.target}"}${RS}`,
  };
  const connection = new HubConnection('id', 'token', principal, host);
  const transport = new FakeTransport(() => connection, transportName ?? undefined);
  if (transportName) connection.attach(transport);
  return { connection, transport, events };
}

const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('HubConnection', () => {
  it('answers the handshake first, then runs the records that came with it', async () => {
    const { connection, transport, events } = setUp();
    connection.receive(`${HANDSHAKE}{"type":1,"target":"Echo","arguments":[],"invocationId":"0"}${RS}`);
    await flush();
    expect(transport.sent).toEqual([`{}${RS}`, `{"type":3,"invocationId":"0","result":"Echo"}${RS}`]);
    expect(connection.state).toBe('connected');
    expect(events).toEqual(['connected']);
  });

  it('waits for the rest of a handshake split across chunks', () => {
    const { connection, transport } = setUp();
    connection.receive('{"protocol":"js');
    expect(transport.sent).toEqual([]);
    connection.receive(`on","version":1}${RS}`);
    expect(transport.sent).toEqual([`{}${RS}`]);
  });

  it('refuses a handshake for another protocol and closes without connecting', () => {
    const { connection, transport, events } = setUp();
    connection.receive(`{"protocol":"messagepack","version":1}${RS}`);
    expect(transport.sent).toEqual([`{"error":"The protocol 'messagepack' is not supported."}${RS}`]);
    expect(transport.state).toBe('closed');
    expect(connection.state).toBe('closed');
    expect(events).toEqual(['disconnected', 'released']);
  });

  it('sends nothing but the handshake answer before the handshake succeeded', () => {
    const { connection, transport } = setUp();
    connection.send(new OutgoingRecords(`{"type":1,"target":"x","arguments":[]}${RS}`));
    expect(transport.sent).toEqual([]);
  });

  it('cancels a handshake that does not come in time', () => {
    const { connection, transport } = setUp();
    connection.tick(Date.now() + 1000);
    expect(transport.state).toBe('open');
    connection.tick(Date.now() + 2500);
    expect(transport.sent).toEqual([`{"error":"Handshake was canceled."}${RS}`]);
    expect(transport.state).toBe('closed');
  });

  it('pings after the ping interval without sending, and not before', () => {
    const { connection, transport } = setUp();
    connection.receive(HANDSHAKE);
    connection.tick(Date.now() + 500);
    expect(transport.sent).toEqual([`{}${RS}`]);
    connection.tick(Date.now() + 1000);
    expect(transport.sent).toEqual([`{}${RS}`, `{"type":6}${RS}`]);
  });

  it('drops a client silent for the client timeout, without a Close message', () => {
    const { connection, transport, events } = setUp();
    connection.receive(HANDSHAKE);
    connection.tick(Date.now() + 3500);
    expect(transport.state).toBe('terminated');
    expect(transport.sent.some((record) => record.includes('"type":7'))).toBe(false);
    expect(events).toEqual(['connected', 'disconnected', 'released']);
  });

  it('leaves keep-alive to Long Polling itself', () => {
    const { connection, transport } = setUp('LongPolling');
    connection.receive(HANDSHAKE);
    connection.tick(Date.now() + 10_000);
    expect(transport.sent).toEqual([`{}${RS}`]);
    expect(connection.state).toBe('connected');
  });

  it('expires a negotiated connection that never got a transport', () => {
    const { connection, events } = setUp(null);
    connection.tick(Date.now() + 1000);
    expect(events).toEqual([]);
    connection.tick(Date.now() + 2500);
    expect(events).toEqual(['disconnected', 'released']);
    expect(connection.state).toBe('closed');
  });

  it('sends Close with the error (and allowReconnect when asked) before closing', () => {
    const { connection, transport } = setUp();
    connection.receive(HANDSHAKE);
    connection.close('Signed in elsewhere');
    expect(transport.sent.at(-1)).toBe(`{"type":7,"error":"Signed in elsewhere"}${RS}`);
    expect(transport.state).toBe('closed');

    const other = setUp();
    other.connection.receive(HANDSHAKE);
    other.connection.close('Server restarting', true);
    expect(other.transport.sent.at(-1)).toBe(`{"type":7,"error":"Server restarting","allowReconnect":true}${RS}`);
  });

  it('ends without answering when the client sends Close', () => {
    const { connection, transport } = setUp();
    connection.receive(`${HANDSHAKE}{"type":7}${RS}`);
    expect(transport.sent).toEqual([`{}${RS}`]);
    expect(transport.state).toBe('closed');
  });

  it('closes with an error after a record it cannot read', () => {
    const { connection, transport } = setUp();
    connection.receive(`${HANDSHAKE}{"type":1,"arguments":[]}${RS}`);
    expect(transport.sent).toEqual([`{}${RS}`, `{"type":7,"error":"Connection closed with an error."}${RS}`]);
    expect(transport.state).toBe('closed');
  });

  it('runs invocations one at a time, in order', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const host: ConnectionHost = {
      options,
      connected: () => undefined,
      disconnected: () => undefined,
      released: () => undefined,
      dispatch: async (_connection, message) => {
        order.push(`start ${message.target}`);
        if (message.target === 'Slow') await new Promise<void>((resolve) => (release = resolve));
        order.push(`end ${message.target}`);
        return undefined;
      },
    };
    const connection = new HubConnection('id', 'token', principal, host);
    connection.attach(new FakeTransport(() => connection));
    connection.receive(`${HANDSHAKE}{"type":1,"target":"Slow","arguments":[]}${RS}{"type":1,"target":"Fast","arguments":[]}${RS}`);
    await flush();
    expect(order).toEqual(['start Slow']);
    release();
    await flush();
    expect(order).toEqual(['start Slow', 'end Slow', 'start Fast', 'end Fast']);
  });
});
