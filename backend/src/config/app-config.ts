import path from 'node:path';

/** Everything the server reads from the environment, in one typed place (see .env.example). */
export interface AppConfig {
  port: number;
  databaseUrl: string;
  /** Connections the server keeps to PostgreSQL at most. */
  databasePoolSize: number;
  /** JWT signing secret; generated once and stored in the database when not given (see TokenService). */
  jwtSecret?: string;
  uploadDir: string;
  /** URL prefix uploaded files are served from. */
  fileBaseUrl: string;
  /** Folder with the built web client (served at /), absent in API-only runs. */
  webDir?: string;
  redisUrl?: string;
  /** Prefix of the sign-in limits' keys in Redis (several installations may share one Redis). */
  rateRedisPrefix: string;
  /** Write request, error and data-change logs (tests may turn it off for speed). */
  auditEnabled: boolean;
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  if (!env.DATABASE_URL) throw new Error('DATABASE_URL is not set');
  return {
    port: Number(env.PORT ?? 3000),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: Number(env.DATABASE_POOL_SIZE) > 0 ? Number(env.DATABASE_POOL_SIZE) : 20,
    jwtSecret: env.JWT_SECRET || undefined,
    uploadDir: path.resolve(env.UPLOAD_DIR ?? path.join(repoRoot, '.data', 'uploads')),
    fileBaseUrl: (env.FILE_BASE_URL ?? '/files').replace(/\/$/, ''),
    webDir: env.WEB_DIR === '' ? undefined : path.resolve(env.WEB_DIR ?? path.join(repoRoot, 'frontend', 'dist')),
    redisUrl: env.REDIS_URL || undefined,
    rateRedisPrefix: env.RATE_REDIS_PREFIX || 'fwd:rate:',
    auditEnabled: env.AUDIT_ENABLED !== 'false',
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');

/** Every API route lives under this prefix. */
export const API_PREFIX = 'api/v1';
