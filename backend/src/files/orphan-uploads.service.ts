import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { AuditService } from '../audit/audit.service.js';
import { scheduleDaily } from '../common/daily-job.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { SettingsService } from '../settings/settings.service.js';

/** The job_run name of the daily clean-up. */
export const ORPHAN_UPLOADS_JOB = 'upload-orphans';

/** Rows deleted per statement: short locks however many are due. */
const BATCH = 500;

export interface OrphanSweep {
  graceHours: number;
  /** uploads created before this instant and attached to no record were deleted */
  cutoff: Date;
  /** their paths under the upload folder */
  deleted: string[];
}

/**
 * Uploads no record took (FilesService.claim never set attached_at) within the system parameter
 * upload.orphanGraceHours are deleted, row and file, once a day across the installation (common/daily-job.ts):
 * a form abandoned after its pictures were uploaded leaves nothing behind for ever. A file once attached
 * is kept even when its record drops it (claim never hands it to another).
 */
@Injectable()
export class OrphanUploadsService implements OnModuleInit {
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
      ORPHAN_UPLOADS_JOB,
      () => this.sweep(),
      (error) => this.audit.recordError({ message: `unattached upload clean-up failed: ${error.message}`, stack: error.stack }),
    );
  }

  async sweep(now = new Date()): Promise<OrphanSweep> {
    const graceHours = await this.settings.get('upload.orphanGraceHours');
    const cutoff = new Date(now.getTime() - Math.max(1, graceHours) * 60 * 60 * 1000);
    const deleted: string[] = [];
    for (;;) {
      // The row goes first, in one statement with its test: a claim at the same moment either attached
      // it (so it is not deleted) or finds it gone (a 400 the writer can act on); the file follows.
      const rows = await this.prisma.db.$queryRaw<{ file_path: string }[]>`
        delete from stored_file
         where id in (select id from stored_file where attached_at is null and created_at < ${cutoff} order by id limit ${BATCH})
           and attached_at is null
        returning file_path`;
      for (const { file_path: filePath } of rows) {
        await rm(path.join(this.config.uploadDir, filePath), { force: true });
        deleted.push(filePath);
      }
      if (rows.length < BATCH) return { graceHours, cutoff, deleted };
    }
  }
}
