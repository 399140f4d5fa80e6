import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { redactText } from '../../common/redaction.js';
import { RATE_STORE, type RateStore } from '../../auth/rate-store.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { SETTINGS } from '../../settings/settings.catalogue.js';
import { SettingsService } from '../../settings/settings.service.js';
import { BackupService } from '../backup/backup.service.js';
import { freeBytes, MB } from '../disk/disk-space.js';
import { migrationNames, pendingMigrations } from './migrations.js';
import { embeddedDatabaseState, type EmbeddedDatabaseState } from './supervisor-state.js';

/** The longest a check may take: a monitor polling every few seconds has its answer within it. */
export const CHECK_TIMEOUT_MS = 2000;
/**
 * How long the embedded PostgreSQL may stay down, its supervisor starting it again, before liveness fails:
 * past it, restarts are not mending it, and an orchestrator should replace the whole instance.
 */
export const EMBEDDED_DATABASE_DOWN_LIMIT_MS = 60_000;
const BACKUP_MESSAGE_MAX = 500;

/** `off`: not configured here (Redis without REDIS_URL). */
export type CheckStatus = 'ok' | 'fail' | 'off';

export interface Check {
  status: CheckStatus;
  /** how long the check took */
  ms?: number;
  /** why it failed: `timeout`, `pending`, or the error's code (ECONNREFUSED, EACCES…): never a message, which may name a host or a path */
  error?: string;
}

export interface MigrationsCheck extends Check {
  /** migrations of this server's code the database has not applied */
  pending: string[];
}

/** The last scheduled backup as its job recorded it; reported only, readiness never depends on it. */
export interface BackupReport {
  /** the run's status (ok, failed, running), `none` before the first run, `unknown` when it cannot be read */
  status: string;
  finishedAt?: string | null;
  message?: string | null;
}

/**
 * The upload folder's disk: `degraded` below the system parameter upload.diskMinFreeMb (the instance still
 * serves, only the uploads check failing a write takes it out), `fail` when it cannot be read.
 */
export interface DiskCheck extends Omit<Check, 'status'> {
  status: 'ok' | 'degraded' | 'fail';
  /** bytes the server may still write there (statfs: blocks available × block size) */
  freeBytes?: number;
  /** the threshold, in bytes */
  minFreeBytes?: number;
}

/** `degraded`: every check passed but one warns (a nearly full disk); answered 200 like `ok`. */
export interface Readiness {
  status: 'ok' | 'degraded' | 'fail';
  checks: {
    database: Check;
    redis: Check;
    uploads: Check;
    disk: DiskCheck;
    migrations: MigrationsCheck;
    backup: BackupReport;
    embeddedDatabase?: EmbeddedDatabaseCheck;
  };
}

/** The embedded PostgreSQL as `npm start`'s supervisor reports it (only under the supervisor, without DATABASE_URL). */
export interface EmbeddedDatabaseCheck extends EmbeddedDatabaseState {
  /** `fail` while it is being started again */
  status: 'ok' | 'fail';
}

/** Whether this process should be restarted: `fail` only when something it owns is dead and not coming back by itself. */
export interface Liveness {
  status: 'ok' | 'fail';
  /** why it failed: `embedded-database-down` */
  reason?: string;
  /** since when the embedded PostgreSQL has been down */
  downSince?: string;
}

class CheckTimeout extends Error {}

/**
 * Whether this instance can serve (docs/monitoring.md): the database answers, Redis answers when configured,
 * the upload folder takes a file, and every migration of the code is applied; a nearly full upload disk
 * makes it `degraded`, still serving. Each check is bounded by
 * CHECK_TIMEOUT_MS and they run together; the answer names no host, URL or path.
 */
@Injectable()
export class HealthService {
  /** The round of checks under way, which every call arriving meanwhile shares (monitors polling at once cost one round). */
  private running?: Promise<Readiness>;
  private expectedMigrations?: Promise<string[]>;
  /** Applied migrations stay applied: once none is pending, the database is not asked again. */
  private migrationsApplied = false;

  constructor(
    private readonly prisma: PrismaService,
    private readonly backups: BackupService,
    private readonly settings: SettingsService,
    @Inject(RATE_STORE) private readonly rates: RateStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Live unless the embedded PostgreSQL this instance's `npm start` runs has been down longer than
   * EMBEDDED_DATABASE_DOWN_LIMIT_MS. An external database's outage never fails it: restarting the server
   * does not bring a database back (it reconnects by itself; readiness keeps traffic away meanwhile).
   */
  liveness(now = Date.now()): Liveness {
    const embedded = embeddedDatabaseState();
    if (embedded?.state === 'restarting' && embedded.downSince && now - Date.parse(embedded.downSince) > EMBEDDED_DATABASE_DOWN_LIMIT_MS) {
      return { status: 'fail', reason: 'embedded-database-down', downSince: embedded.downSince };
    }
    return { status: 'ok' };
  }

  readiness(): Promise<Readiness> {
    this.running ??= this.check().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async check(): Promise<Readiness> {
    const [database, redis, uploads, disk, migrations, backup] = await Promise.all([
      timed(() => this.prisma.readRows(Prisma.sql`select 1`)),
      this.config.redisUrl ? timed(() => this.rates.ping()) : ({ status: 'off' } as const),
      timed(() => this.probeUploads()),
      this.disk(),
      this.migrations(),
      this.backup(),
    ]);
    const embedded = embeddedDatabaseState();
    // being started again: not ready, even when a check squeezed in before the postmaster was seen gone
    const embeddedDatabase: EmbeddedDatabaseCheck | undefined = embedded && { status: embedded.state === 'running' ? 'ok' : 'fail', ...embedded };
    const failed = [database, redis, uploads, disk, migrations, embeddedDatabase].some((check) => check?.status === 'fail');
    return {
      status: failed ? 'fail' : disk.status === 'degraded' ? 'degraded' : 'ok',
      checks: { database, redis, uploads, disk, migrations, backup, ...(embeddedDatabase ? { embeddedDatabase } : {}) },
    };
  }

  /**
   * Writes and removes a file of its own, as an upload would (the folder is made on first use, as uploads
   * make it). A few bytes, not none: a full disk still makes empty files, it refuses their content.
   */
  private async probeUploads() {
    await mkdir(this.config.uploadDir, { recursive: true });
    const probe = path.join(this.config.uploadDir, `.health-${process.pid}-${randomBytes(4).toString('hex')}`);
    try {
      await writeFile(probe, 'ready');
    } finally {
      await rm(probe, { force: true });
    }
  }

  private async disk(): Promise<DiskCheck> {
    let free = 0;
    // a database that cannot be read is the database check's to report: the threshold falls back to its default
    const minFreeMb = await within(this.settings.get('upload.diskMinFreeMb')).catch(() => SETTINGS['upload.diskMinFreeMb'].default);
    const check = await timed(async () => {
      await mkdir(this.config.uploadDir, { recursive: true });
      free = await freeBytes(this.config.uploadDir);
    });
    if (check.status === 'fail') return { ...check, status: 'fail' };
    return { ...check, status: free < minFreeMb * MB ? 'degraded' : 'ok', freeBytes: free, minFreeBytes: minFreeMb * MB };
  }

  private async migrations(): Promise<MigrationsCheck> {
    if (this.migrationsApplied) return { status: 'ok', ms: 0, pending: [] };
    let pending: string[] = [];
    const check = await timed(async () => {
      this.expectedMigrations ??= migrationNames(this.config.migrationsDir);
      // a failed read is tried again on the next call
      const expected = await this.expectedMigrations.catch((error: unknown) => {
        this.expectedMigrations = undefined;
        throw error;
      });
      const rows = await this.prisma.readRows<{ name: string }[]>(
        Prisma.sql`select migration_name as name from _prisma_migrations where finished_at is not null and rolled_back_at is null`,
      );
      pending = pendingMigrations(
        expected,
        rows.map((row) => row.name),
      );
    });
    if (check.status === 'ok' && pending.length) return { ...check, status: 'fail', error: 'pending', pending };
    this.migrationsApplied = check.status === 'ok';
    return { ...check, pending };
  }

  private async backup(): Promise<BackupReport> {
    try {
      const run = await within(this.backups.lastRun());
      if (!run) return { status: 'none' };
      return { status: run.status, finishedAt: run.finishedAt?.toISOString() ?? null, message: run.message && withoutSecrets(run.message) };
    } catch {
      return { status: 'unknown' };
    }
  }
}

/** `work`, or a CheckTimeout after CHECK_TIMEOUT_MS (the work itself goes on, its result unused). */
async function within<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function timed(run: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    await within(run());
    return { status: 'ok', ms: ms() };
  } catch (error) {
    return { status: 'fail', ms: ms(), error: reasonOf(error) };
  }
}

/** A code that says what went wrong without saying where: Node's (ECONNREFUSED) or PostgreSQL's (42P01). */
function reasonOf(error: unknown): string {
  if (error instanceof CheckTimeout) return 'timeout';
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code) ? code : 'error';
}

/** The job's own text, with secret-named values and the credentials of any URL masked. */
function withoutSecrets(message: string): string {
  return redactText(message.slice(0, BACKUP_MESSAGE_MAX)).replace(/(\w+:\/\/)[^\s/@]+@/g, '$1******@');
}
