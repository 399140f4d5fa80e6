import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHubClient } from './hubClient';

const connection = vi.hoisted(() => ({
  state: 'Disconnected',
  start: vi.fn<() => Promise<void>>(),
  stop: vi.fn(async () => undefined),
  on: vi.fn(),
  off: vi.fn(),
  onclose: vi.fn<(callback: (error?: Error) => void) => void>(),
  invoke: vi.fn(),
}));
type ConnectionOptions = { accessTokenFactory(): string; skipNegotiation?: boolean; transport?: number };
const builder = vi.hoisted(() => ({ options: [] as ConnectionOptions[], delays: undefined as number[] | undefined }));

vi.mock('@microsoft/signalr', () => {
  class HubConnectionBuilder {
    withUrl(_url: string, options: ConnectionOptions) {
      builder.options.push(options);
      return this;
    }
    withAutomaticReconnect(delays: number[]) {
      builder.delays = delays;
      return this;
    }
    configureLogging() {
      return this;
    }
    build() {
      return connection;
    }
  }
  return {
    HubConnectionBuilder,
    HubConnectionState: { Disconnected: 'Disconnected', Connected: 'Connected' },
    HttpTransportType: { WebSockets: 1 },
    LogLevel: { Warning: 3 },
  };
});

let token: string | null = 'access';
const onGiveUp = vi.fn<(retry: () => void) => void>();

function client() {
  return createHubClient({ url: '/chathub', getToken: () => token, onGiveUp });
}

beforeEach(() => {
  vi.useFakeTimers();
  token = 'access';
  connection.state = 'Disconnected';
  connection.start.mockReset();
  connection.onclose.mockReset();
  onGiveUp.mockReset();
  builder.options = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('hub client', () => {
  it('connects with the stored token and the 0/2/10/30 s reconnect delays, on a WebSocket opened without negotiating', async () => {
    connection.start.mockResolvedValue(undefined);
    await client().start();
    expect(builder.options).toHaveLength(1);
    expect(builder.options[0].accessTokenFactory()).toBe('access');
    expect(builder.options[0]).toMatchObject({ skipNegotiation: true, transport: 1 });
    expect(builder.delays).toEqual([0, 2000, 10000, 30000]);
  });

  it('negotiates at once when the WebSocket alone cannot start, and keeps negotiating until the next session', async () => {
    connection.start.mockRejectedValueOnce(new Error('WebSocket failed')).mockResolvedValue(undefined);
    const hub = client();
    await hub.start();
    expect(connection.start).toHaveBeenCalledTimes(2);
    expect(builder.options.map((o) => o.skipNegotiation ?? false)).toEqual([true, false]);
    expect(builder.options[1].accessTokenFactory()).toBe('access');
    expect(onGiveUp).not.toHaveBeenCalled();
    await hub.stop();
    await hub.start();
    expect(builder.options.at(-1)?.skipNegotiation).toBe(true);
  });

  it('never opens without a token', async () => {
    token = null;
    await client().start();
    expect(connection.start).not.toHaveBeenCalled();
  });

  it('retries a failed start every 5 s and gives up with an alert after the third failure', async () => {
    connection.start.mockRejectedValue(new Error('404'));
    await client().start();
    // the direct WebSocket, then at once the negotiated connection: the first failed start
    expect(connection.start).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(connection.start).toHaveBeenCalledTimes(3);
    expect(onGiveUp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(connection.start).toHaveBeenCalledTimes(4);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60000);
    expect(connection.start).toHaveBeenCalledTimes(4);
  });

  it('starts counting again when the user asks to reconnect', async () => {
    connection.start.mockRejectedValue(new Error('404'));
    await client().start();
    await vi.advanceTimersByTimeAsync(10000);
    const retry = onGiveUp.mock.calls[0][0];
    connection.start.mockResolvedValue(undefined);
    retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.start).toHaveBeenCalledTimes(5);
  });

  it('restarts after an unexpected close, not after stop()', async () => {
    connection.start.mockResolvedValue(undefined);
    const hub = client();
    await hub.start();
    const onClose = connection.onclose.mock.calls[0][0];
    onClose();
    expect(connection.start).toHaveBeenCalledTimes(2);
    await hub.stop();
    onClose();
    expect(connection.start).toHaveBeenCalledTimes(2);
  });

  it('tells onClosed why the connection closed, before the restart, which it may stop', async () => {
    connection.start.mockResolvedValue(undefined);
    const errors: string[] = [];
    const hub = createHubClient({ url: '/chathub', getToken: () => token, onGiveUp, onClosed: (error) => (errors.push(error.message), void hub.stop()) });
    await hub.start();
    const onClose = connection.onclose.mock.calls[0][0];
    onClose();
    expect(errors).toEqual([]);
    expect(connection.start).toHaveBeenCalledTimes(2);
    onClose(new Error('Server returned an error on close: 您已被强制下线'));
    expect(errors).toEqual(['Server returned an error on close: 您已被强制下线']);
    expect(connection.start).toHaveBeenCalledTimes(2);
  });
});
