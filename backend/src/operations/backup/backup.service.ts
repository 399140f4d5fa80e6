import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import path from 'node:path';
import { AuditService } from '../../audit/audit.service.js';
import { scheduleDaily } from '../../prisma/daily-job.js';
import { toPage, type Page, type PageQueryDto } from '../../common/pagination.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { SettingsService } from '../../settings/settings.service.js';
import { createBackup } from './backup.js';
import { BACKUP_JOB, listArchives, pruneArchives, type StoredArchive } from './backup-store.js';

/** What a scheduled backup did: its job_run message (daily-job.ts writes the list of deleted archives as its length). */
export interface ScheduledBackup {
  file: string;
  bytes: number;
  durationMs: number;
  /** archives older than backup.retentionDays, deleted */
  deleted: string[];
}

/** The last scheduled backup as administrators see it. */
export interface BackupRunView {
  status: string;
  startedAt: Date;
  finishedAt: Date | null;
  durationMs: number | null;
  /** the archive written (a run that succeeded) */
  file: string | null;
  bytes: number | null;
  /** the job's message: what it wrote, or why it failed */
  message: string | null;
}

export interface BackupOverview {
  lastRun: BackupRunView | null;
  /** whether the backups taken now are encrypted (BACKUP_PASSPHRASE is set) */
  encrypted: boolean;
  /** our archives in BACKUP_DIR, newest first */
  archives: Page<StoredArchive>;
}

/**
 * The scheduled daily backup (system parameters backup.enabled, backup.retentionDays): once a day across
 * the installation (prisma/daily-job.ts), an archive into BACKUP_DIR as `npm run db:backup` writes it,
 * then our archives older than the retention are deleted. Administrators see the last run and the
 * archives present.
 */
@Injectable()
export class BackupService implements OnModuleInit {
  constructor(
    private readonly prisma: PrismaService,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit() {
    scheduleDaily(
      this.scheduler,
      this.prisma.base,
      BACKUP_JOB,
      () => this.backUp(),
      (error) => this.audit.recordError({ message: `scheduled backup failed: ${error.message}`, stack: error.stack }),
      () => this.settings.get('backup.enabled'),
    );
  }

  async backUp(now = new Date()): Promise<ScheduledBackup> {
    const { backupDir } = this.config;
    const result = await createBackup({
      databaseUrl: this.config.databaseUrl,
      uploadDir: this.config.uploadDir,
      backupDir,
      pgBinDir: this.config.pgBinDir,
      passphrase: this.config.backupPassphrase,
      now,
    });
    const deleted = await pruneArchives(backupDir, await this.settings.get('backup.retentionDays'), now);
    return { file: path.basename(result.file), bytes: result.bytes, durationMs: result.durationMs, deleted };
  }

  /** The latest run of the scheduled backup (its job_run row), or null: shown to administrators and in the health answer. */
  lastRun() {
    return this.prisma.db.jobRun.findFirst({ where: { name: BACKUP_JOB }, orderBy: { startedAt: 'desc' } });
  }

  async overview(query: PageQueryDto): Promise<BackupOverview> {
    const run = await this.lastRun();
    const archives = await listArchives(this.config.backupDir);
    const start = (query.pageIndex - 1) * query.pageSize;
    return {
      lastRun: run && {
        ...written(run.status, run.message),
        status: run.status,
        startedAt: run.startedAt,
        finishedAt: run.finishedAt,
        durationMs: run.durationMs,
        message: run.message,
      },
      encrypted: !!this.config.backupPassphrase,
      archives: toPage(archives.slice(start, start + query.pageSize), archives.length, query),
    };
  }
}

/** The archive a successful run wrote, read from its message. */
function written(status: string, message: string | null): { file: string | null; bytes: number | null } {
  if (status !== 'ok' || !message) return { file: null, bytes: null };
  try {
    const parsed = JSON.parse(message) as Partial<ScheduledBackup>;
    return { file: parsed.file ?? null, bytes: parsed.bytes ?? null };
  } catch {
    return { file: null, bytes: null };
  }
}
