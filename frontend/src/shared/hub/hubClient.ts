import type { HubEventName, HubMethodName } from '@forwarder/domain';
import type { HubConnection } from '@microsoft/signalr';

type SignalR = typeof import('@microsoft/signalr');

type Handler = (...args: unknown[]) => void;

export interface HubClientOptions {
  url: string;
  /** The stored access token; without one the hub stays closed. */
  getToken(): string | null;
  /**
   * Called once the start attempts are used up; `retry` starts again with a fresh count (the user
   * confirmed that the network is back).
   */
  onGiveUp(retry: () => void): void;
  /**
   * The connection closed unexpectedly, with SignalR's error (the server's reason of a Close message among
   * them: forced off, unbound): called before the restart, so the caller may stop the client instead.
   */
  onClosed?(error: Error): void;
  /** Waits of the automatic reconnect after an established connection drops, then it stops. */
  reconnectDelays?: number[];
  startAttempts?: number;
  startRetryDelayMs?: number;
}

export interface HubClient {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Events and methods are the domain's (packages/domain, hub.ts); payloads arrive unchecked, so handlers take unknown. */
  on(event: HubEventName, handler: Handler): () => void;
  invoke<T = unknown>(method: HubMethodName, ...args: unknown[]): Promise<T>;
  readonly connected: boolean;
}

/**
 * The real-time connection: opened with the stored token, retried a few times when it cannot start,
 * restarted when it closes unexpectedly. Handlers can be registered before the connection exists. The
 * SignalR client is loaded on the first start (after sign-in), not with the login screen.
 *
 * A session first opens the WebSocket directly (no negotiate request: one round trip fewer, as a
 * socket.io client's `transports: ['websocket']`); when that cannot start (a proxy that refuses
 * WebSockets, say) it negotiates at once, which also offers server-sent events and long polling, and
 * keeps negotiating until the next session.
 */
export function createHubClient({
  url,
  getToken,
  onGiveUp,
  onClosed,
  reconnectDelays = [0, 2_000, 10_000, 30_000],
  startAttempts = 3,
  startRetryDelayMs = 5_000,
}: HubClientOptions): HubClient {
  const handlers = new Map<string, Set<Handler>>();
  let connection: HubConnection | null = null;
  let failedStarts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopping = false;
  let signalR: SignalR | null = null;
  let direct = true;

  function connect({ HubConnectionBuilder, HttpTransportType, LogLevel }: SignalR): HubConnection {
    const accessTokenFactory = () => getToken() ?? '';
    const built = new HubConnectionBuilder()
      .withUrl(url, direct ? { accessTokenFactory, skipNegotiation: true, transport: HttpTransportType.WebSockets } : { accessTokenFactory })
      .withAutomaticReconnect(reconnectDelays)
      .configureLogging(LogLevel.Warning)
      .build();
    handlers.forEach((set, event) => set.forEach((handler) => built.on(event, handler)));
    // Fires after a stop() and after the automatic reconnect gave up; only the latter needs a restart.
    built.onclose((error) => {
      if (error && !stopping) onClosed?.(error);
      if (!stopping) void start();
    });
    return built;
  }

  async function start(): Promise<void> {
    clearTimeout(retryTimer);
    if (!getToken()) return stop();
    stopping = false;
    signalR ??= await import('@microsoft/signalr');
    if (stopping) return;
    connection ??= connect(signalR);
    if (connection.state !== signalR.HubConnectionState.Disconnected) return;
    try {
      await connection.start();
      failedStarts = 0;
    } catch {
      if (stopping) return;
      if (direct) {
        // the WebSocket alone could not start: negotiate now (the server may offer other transports)
        direct = false;
        connection = null;
        return start();
      }
      failedStarts += 1;
      if (failedStarts < startAttempts) {
        retryTimer = setTimeout(() => void start(), startRetryDelayMs);
      } else {
        onGiveUp(() => {
          failedStarts = 0;
          void start();
        });
      }
    }
  }

  async function stop(): Promise<void> {
    stopping = true;
    clearTimeout(retryTimer);
    failedStarts = 0;
    direct = true;
    const closing = connection;
    // A new session gets a new connection: the token factory and server-side identity belong to one user.
    connection = null;
    await closing?.stop();
  }

  const isConnected = () => !!signalR && connection?.state === signalR.HubConnectionState.Connected;

  return {
    start,
    stop,
    on(event, handler) {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      set.add(handler);
      connection?.on(event, handler);
      return () => {
        set.delete(handler);
        connection?.off(event, handler);
      };
    },
    invoke(method, ...args) {
      if (!connection || !isConnected()) return Promise.reject(new Error('The hub is not connected'));
      return connection.invoke(method, ...args);
    },
    get connected() {
      return isConnected();
    },
  };
}
