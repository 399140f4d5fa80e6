/** Settings of the hub, read once from the environment (see docs/hub.md). */
import { originsOf, type AppConfig } from '../config/app-config.js';

export const HUB_OPTIONS = Symbol('HUB_OPTIONS');

export interface HubOptions {
  /** URL path of the hub; negotiate is served at `${path}/negotiate`. */
  path: string;
  /** A Ping is sent on WebSockets and SSE after this long without sending anything. */
  pingIntervalMs: number;
  /** A WebSocket or SSE client silent for this long is dropped. */
  clientTimeoutMs: number;
  /** A connection whose handshake has not completed by then is refused. */
  handshakeTimeoutMs: number;
  /** Negotiated-but-unused connections, and Long Polling clients that stopped polling, expire after this. */
  disconnectTimeoutMs: number;
  /** An idle poll is answered empty after this long (the client gives up at 100 s). */
  longPollTimeoutMs: number;
  /** Largest client payload accepted: one WebSocket message, one POST body, one record. */
  maxMessageBytes: number;
  /** Other origins allowed to call the hub from a browser (CORS_ORIGINS, as for the API); the page's own origin always is. */
  corsOrigins: string[];
  /** Redis backplane; without it the hub lives in this process alone. */
  redisUrl?: string;
  /** Prefix of every Redis key and channel the hub uses. */
  redisPrefix: string;
  /** A process that stopped refreshing its heartbeat for this long is considered gone. */
  redisProcessTtlMs: number;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  path: '/chathub',
  pingIntervalMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  disconnectTimeoutMs: 15_000,
  longPollTimeoutMs: 90_000,
  maxMessageBytes: 1024 * 1024,
  corsOrigins: [],
  redisUrl: undefined,
  redisPrefix: 'fwd:hub:',
  redisProcessTtlMs: 30_000,
};

type Env = Record<string, string | undefined>;

function readPositiveInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  }
  return value;
}

/**
 * Reads the HUB_* variables. REDIS_URL and CORS_ORIGINS come from the app configuration when there is
 * one (they are the app's settings as much as the hub's), else from the environment.
 */
export function readHubOptions(env: Env = process.env, appConfig?: Pick<AppConfig, 'redisUrl' | 'corsOrigins'>): HubOptions {
  const options: HubOptions = {
    ...DEFAULT_HUB_OPTIONS,
    pingIntervalMs: readPositiveInteger(env, 'HUB_PING_INTERVAL_MS', DEFAULT_HUB_OPTIONS.pingIntervalMs),
    clientTimeoutMs: readPositiveInteger(env, 'HUB_CLIENT_TIMEOUT_MS', DEFAULT_HUB_OPTIONS.clientTimeoutMs),
    handshakeTimeoutMs: readPositiveInteger(env, 'HUB_HANDSHAKE_TIMEOUT_MS', DEFAULT_HUB_OPTIONS.handshakeTimeoutMs),
    disconnectTimeoutMs: readPositiveInteger(env, 'HUB_DISCONNECT_TIMEOUT_MS', DEFAULT_HUB_OPTIONS.disconnectTimeoutMs),
    longPollTimeoutMs: readPositiveInteger(env, 'HUB_LONG_POLL_TIMEOUT_MS', DEFAULT_HUB_OPTIONS.longPollTimeoutMs),
    maxMessageBytes: readPositiveInteger(env, 'HUB_MAX_MESSAGE_BYTES', DEFAULT_HUB_OPTIONS.maxMessageBytes),
    corsOrigins: appConfig ? appConfig.corsOrigins : originsOf(env.CORS_ORIGINS),
    redisUrl: (appConfig ? appConfig.redisUrl : env.REDIS_URL)?.trim() || undefined,
    redisPrefix: env.HUB_REDIS_PREFIX?.trim() || DEFAULT_HUB_OPTIONS.redisPrefix,
    redisProcessTtlMs: readPositiveInteger(env, 'HUB_REDIS_PROCESS_TTL_MS', DEFAULT_HUB_OPTIONS.redisProcessTtlMs),
  };
  if (options.clientTimeoutMs <= options.pingIntervalMs) {
    // Clients ping at the server's ping interval at best; a shorter timeout would drop idle clients.
    throw new Error('HUB_CLIENT_TIMEOUT_MS must be longer than HUB_PING_INTERVAL_MS');
  }
  return options;
}
