import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AuditService } from '../../audit/audit.service.js';
import { Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { SettingsService } from '../../settings/settings.service.js';
import { DAY_MS, scheduleDaily } from '../../prisma/daily-job.js';

/** Whether this process takes part in purging old logs once a day (once across all instances, prisma/daily-job.ts); LOG_PURGE_SCHEDULED=false turns it off, as tests do. */
export const LOG_PURGE_SCHEDULED = Symbol('LOG_PURGE_SCHEDULED');

export function readPurgeScheduled(env: Record<string, string | undefined> = process.env): boolean {
  return env.LOG_PURGE_SCHEDULED !== 'false';
}

export interface PurgeResult {
  retentionDays: number;
  /** Rows created before this instant were deleted; null when the retention turns purging off. */
  cutoff: Date | null;
  requests: number;
  errors: number;
  dataChanges: number;
}

/** Rows deleted per statement: short locks and transactions however much is due. */
const BATCH = 5000;

/** Tables of the audit trail whose rows expire after `log.retentionDays`. */
const PURGED_TABLES = { requests: 'request_log', errors: 'error_log', dataChanges: 'data_change_log' } as const;

/**
 * Deletes request, exception and operation log rows older than the `log.retentionDays` system parameter
 * (below 1: keep everything), in batches; once a day in the background and on demand.
 */
@Injectable()
export class LogRetentionService implements OnModuleInit {
  constructor(
    private readonly prisma: PrismaService,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly scheduler: SchedulerRegistry,
    @Inject(LOG_PURGE_SCHEDULED) private readonly scheduled: boolean,
  ) {}

  onModuleInit() {
    if (!this.scheduled) return;
    scheduleDaily(
      this.scheduler,
      this.prisma.base,
      'log-purge',
      () => this.purge(),
      (error) => this.audit.recordError({ message: `log purge failed: ${error.message}`, stack: error.stack }),
    );
  }

  async purge(): Promise<PurgeResult> {
    const retentionDays = await this.settings.get('log.retentionDays');
    if (!(retentionDays >= 1)) return { retentionDays, cutoff: null, requests: 0, errors: 0, dataChanges: 0 };
    const cutoff = new Date(Date.now() - retentionDays * DAY_MS);
    const result: PurgeResult = { retentionDays, cutoff, requests: 0, errors: 0, dataChanges: 0 };
    for (const [kind, table] of Object.entries(PURGED_TABLES) as [keyof typeof PURGED_TABLES, string][]) {
      result[kind] = await this.purgeTable(table, cutoff);
    }
    return result;
  }

  private async purgeTable(table: string, cutoff: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.prisma.db.$executeRaw`
        delete from ${Prisma.raw(table)}
         where id in (select id from ${Prisma.raw(table)} where created_at < ${cutoff} limit ${BATCH})`;
      total += deleted;
      if (deleted < BATCH) return total;
    }
  }
}
