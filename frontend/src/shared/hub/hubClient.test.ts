import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHubClient } from './hubClient';

const connection = vi.hoisted(() => ({
  state: 'Disconnected',
  start: vi.fn<() => Promise<void>>(),
  stop: vi.fn(async () => undefined),
  on: vi.fn(),
  off: vi.fn(),
  onclose: vi.fn<(callback: () => void) => void>(),
  invoke: vi.fn(),
}));
const builder = vi.hoisted(() => ({ options: undefined as { accessTokenFactory(): string } | undefined, delays: undefined as number[] | undefined }));

vi.mock('@microsoft/signalr', () => {
  class HubConnectionBuilder {
    withUrl(_url: string, options: { accessTokenFactory(): string }) {
      builder.options = options;
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
});

afterEach(() => {
  vi.useRealTimers();
});

describe('hub client', () => {
  it('connects with the stored token and the 0/2/10/30 s reconnect delays', async () => {
    connection.start.mockResolvedValue(undefined);
    await client().start();
    expect(builder.options?.accessTokenFactory()).toBe('access');
    expect(builder.delays).toEqual([0, 2000, 10000, 30000]);
  });

  it('never opens without a token', async () => {
    token = null;
    await client().start();
    expect(connection.start).not.toHaveBeenCalled();
  });

  it('retries a failed start every 5 s and gives up with an alert after the third failure', async () => {
    connection.start.mockRejectedValue(new Error('404'));
    await client().start();
    expect(connection.start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(connection.start).toHaveBeenCalledTimes(2);
    expect(onGiveUp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(connection.start).toHaveBeenCalledTimes(3);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60000);
    expect(connection.start).toHaveBeenCalledTimes(3);
  });

  it('starts counting again when the user asks to reconnect', async () => {
    connection.start.mockRejectedValue(new Error('404'));
    await client().start();
    await vi.advanceTimersByTimeAsync(10000);
    const retry = onGiveUp.mock.calls[0][0];
    connection.start.mockResolvedValue(undefined);
    retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.start).toHaveBeenCalledTimes(4);
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
});
