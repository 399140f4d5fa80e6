import path from 'node:path';

/** Everything the server reads from the environment, in one typed place (see .env.example). */
export interface AppConfig {
  port: number;
  databaseUrl: string;
  /** Connections the server keeps to PostgreSQL at most. */
  databasePoolSize: number;
  /**
   * Longest an interactive transaction may run (ms) and wait for a connection to start (ms); a statement
   * waits for a lock at most the former. Past either the transaction is rolled back and the request answered
   * 503 with Retry-After (common/database-unavailable.ts): busy, retryable, nothing half-written.
   */
  transactionTimeoutMs: number;
  transactionMaxWaitMs: number;
  /** JWT signing secret; generated once and stored in the database when not given (see TokenService). */
  jwtSecret?: string;
  /** APP_MASTER_KEY: seals the secrets kept in the database (auth/master-key.ts); else the key file below. */
  masterKey?: string;
  /** MASTER_KEY_FILE: the master key when APP_MASTER_KEY is not set, created 0600 on the first start (.data/master.key). */
  masterKeyFile: string;
  uploadDir: string;
  /** URL prefix uploaded files are served from. */
  fileBaseUrl: string;
  /** Where customers reach this server from outside (`https://track.example.com`), for the tracking links on labels; none: not printed. */
  publicBaseUrl?: string;
  /**
   * SMTP_URL: the server the milestone e-mails go through (`smtps://user:password@smtp.example.com:465`,
   * nodemailer's URL form); none: they stay in the outbox as not sent (docs/notifications.md).
   */
  smtpUrl?: string;
  /** Folder with the built web client (served at /), absent in API-only runs. */
  webDir?: string;
  redisUrl?: string;
  /** Prefix of the sign-in limits' keys in Redis (several installations may share one Redis). */
  rateRedisPrefix: string;
  /** Prefix of the channel on which the processes of one installation tell each other of changes (cluster/cluster-bus.ts). */
  clusterRedisPrefix: string;
  /** Write request, error and data-change logs (tests may turn it off for speed). */
  auditEnabled: boolean;
  /** Audit records kept in memory at most while the database cannot take them (the oldest are dropped first). */
  auditQueueMax: number;
  /** Browser origins allowed to call the API and the hub cross-origin; empty: same origin only. */
  corsOrigins: string[];
  /** Express `trust proxy`: the hops whose X-Forwarded-* headers are believed (client address, https). */
  trustProxy: boolean | number | string;
  /** Send Strict-Transport-Security (and upgrade-insecure-requests): for a server reached only over HTTPS. */
  hsts: boolean;
  /** Largest JSON or form body accepted, in bytes. */
  bodyLimitBytes: number;
  /** Largest body parsed for a caller not signed in (the open routes take small bodies only). */
  anonymousBodyLimitBytes: number;
  /** Deepest nesting of objects and arrays accepted in a JSON or form body. */
  bodyMaxDepth: number;
  /** Serve the API's documentation at /api/docs (its document only to holders of security:list). */
  apiDocs: boolean;
  /** The least severe level written to the server's log (logging/root-logger.ts). */
  logLevel: LogLevel;
  /** One JSON object a line, or coloured lines for a person at a terminal (pino-pretty, when installed). */
  logFormat: LogFormat;
  /** Bearer token Prometheus sends to read /api/metrics; none: the metrics are off (404). */
  metricsToken?: string;
  /** The migrations this server's code expects applied (readiness compares them with the database). */
  migrationsDir: string;
  /** Where db:backup and the scheduled backup write their archives (docs/backup.md). */
  backupDir: string;
  /** BACKUP_PASSPHRASE: archives are encrypted with it (AES-256-GCM, scrypt; docs/backup.md) and restored only with it. */
  backupPassphrase?: string;
  /** Folder of pg_dump and pg_restore when not the newest /usr/lib/postgresql/<N>/bin nor on the PATH. */
  pgBinDir?: string;
  /** Take a backup before a start applies pending migrations (a failed backup stops the start). */
  backupBeforeMigrate: boolean;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/**
 * Interactive transactions' limits unless DB_TRANSACTION_TIMEOUT_MS / DB_TRANSACTION_MAX_WAIT_MS say otherwise
 * (and of clients made without a configuration: the seed, scripts). Prisma's own (5 s, 2 s) gave 500s under
 * load: a busy machine stretched ordinary writes past them.
 */
export const TRANSACTION_LIMITS = { timeout: 15_000, maxWait: 10_000 };

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  if (!env.DATABASE_URL) throw new Error('DATABASE_URL is not set');
  return {
    port: Number(env.PORT ?? 3000),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: Number(env.DATABASE_POOL_SIZE) > 0 ? Number(env.DATABASE_POOL_SIZE) : 20,
    transactionTimeoutMs: positiveInteger(env, 'DB_TRANSACTION_TIMEOUT_MS', TRANSACTION_LIMITS.timeout),
    transactionMaxWaitMs: positiveInteger(env, 'DB_TRANSACTION_MAX_WAIT_MS', TRANSACTION_LIMITS.maxWait),
    jwtSecret: env.JWT_SECRET || undefined,
    masterKey: env.APP_MASTER_KEY?.trim() || undefined,
    masterKeyFile: path.resolve(env.MASTER_KEY_FILE || path.join(repoRoot, '.data', 'master.key')),
    uploadDir: path.resolve(env.UPLOAD_DIR ?? path.join(repoRoot, '.data', 'uploads')),
    fileBaseUrl: (env.FILE_BASE_URL ?? '/files').replace(/\/$/, ''),
    publicBaseUrl: publicBaseUrlOf(env.PUBLIC_BASE_URL),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    webDir: env.WEB_DIR === '' ? undefined : path.resolve(env.WEB_DIR ?? path.join(repoRoot, 'frontend', 'dist')),
    redisUrl: env.REDIS_URL || undefined,
    rateRedisPrefix: env.RATE_REDIS_PREFIX || 'fwd:rate:',
    clusterRedisPrefix: env.CLUSTER_REDIS_PREFIX || 'fwd:cluster:',
    auditEnabled: env.AUDIT_ENABLED !== 'false',
    auditQueueMax: Number.isInteger(Number(env.AUDIT_QUEUE_MAX)) && Number(env.AUDIT_QUEUE_MAX) > 0 ? Number(env.AUDIT_QUEUE_MAX) : 20_000,
    corsOrigins: originsOf(env.CORS_ORIGINS),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    hsts: env.HSTS === 'true',
    bodyLimitBytes: positiveInteger(env, 'BODY_LIMIT_KB', 1024) * 1024,
    anonymousBodyLimitBytes: positiveInteger(env, 'ANONYMOUS_BODY_LIMIT_KB', 16) * 1024,
    bodyMaxDepth: positiveInteger(env, 'BODY_MAX_DEPTH', 20),
    // on while developing; a production server shows it only when told to
    apiDocs: env.API_DOCS ? env.API_DOCS === 'true' : env.NODE_ENV !== 'production',
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    // lines for a person at a terminal while developing; JSON for log collectors and for anything piped
    logFormat: oneOf(env, 'LOG_FORMAT', LOG_FORMATS, env.NODE_ENV !== 'production' && process.stdout.isTTY ? 'pretty' : 'json'),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    migrationsDir: path.join(repoRoot, 'prisma', 'migrations'),
    backupDir: path.resolve(env.BACKUP_DIR || path.join(repoRoot, '.data', 'backups')),
    backupPassphrase: env.BACKUP_PASSPHRASE || undefined,
    pgBinDir: env.PG_BIN_DIR ? path.resolve(env.PG_BIN_DIR) : undefined,
    backupBeforeMigrate: env.BACKUP_BEFORE_MIGRATE === 'true',
  };
}

/** One of `choices` (case-insensitive); anything else stops the start rather than logging otherwise than meant. */
function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, choices: readonly T[], fallback: T): T {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (!choices.includes(raw as T)) throw new Error(`${name} must be one of ${choices.join(', ')}, got "${env[name]}"`);
  return raw as T;
}

/** An http(s) origin with an optional path, without its trailing slash; anything else stops the start. */
function publicBaseUrlOf(raw: string | undefined): string | undefined {
  const value = raw?.trim().replace(/\/+$/, '');
  if (!value) return undefined;
  const url = URL.parse(value);
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash) {
    throw new Error(`PUBLIC_BASE_URL must be an http(s) address such as https://track.example.com, got "${raw}"`);
  }
  return value;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

/** A comma-separated list of origins (`https://host[:port]`); anything else stops the start rather than opening CORS wider than meant. */
export function originsOf(raw: string | undefined): string[] {
  const origins = (raw ?? '')
    .split(',')
    .map((item) => item.trim().replace(/\/$/, ''))
    .filter(Boolean);
  for (const origin of origins) {
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
      throw new Error(`CORS_ORIGINS must list origins such as https://app.example.com, got "${origin}"`);
    }
  }
  return origins;
}

/** `loopback` (default), `false`, `true` (every hop: only when nothing but the proxy can reach the server), a hop count, or addresses/subnets. */
function trustProxyOf(raw: string | undefined): boolean | number | string {
  const value = raw?.trim();
  if (!value) return 'loopback';
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

/** Every API route lives under this prefix. */
export const API_PREFIX = 'api/v1';

/** Outside the prefix, for machines: liveness and readiness (operations/health), Prometheus metrics (operations/metrics). */
export const HEALTH_PATH = '/api/health';
export const METRICS_PATH = '/api/metrics';

/** Whether `path` (no query) is under a route polled by machines every few seconds (health probes, metrics scrapes), not people. */
export function isMonitoringPath(path: string): boolean {
  return isUnder(path, HEALTH_PATH) || isUnder(path, METRICS_PATH);
}

/** `path` is `prefix` or below it (run on every request: no string is made). */
function isUnder(path: string, prefix: string): boolean {
  return path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/');
}
