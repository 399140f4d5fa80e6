import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AuditService } from '../audit/audit.service.js';
import { scheduleDaily } from '../prisma/daily-job.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { SettingsService } from '../settings/settings.service.js';

/** Whether this process takes part in the daily clean-up; UPLOAD_ORPHANS_SCHEDULED=false turns it off, as tests do. */
export const readOrphanSweepScheduled = (env: Record<string, string | undefined> = process.env) => env.UPLOAD_ORPHANS_SCHEDULED !== 'false';

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
  /** files on disk no row named (left by a crash mid-upload), older than the cutoff, deleted */
  strays: string[];
}

/**
 * Uploads no record took (FilesService.claim never set attached_at) within the system parameter
 * upload.orphanGraceHours are deleted, row and file, once a day across the installation (prisma/daily-job.ts):
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
    if (!readOrphanSweepScheduled()) return;
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
      if (rows.length < BATCH) return { graceHours, cutoff, deleted, strays: await this.sweepStrays(cutoff) };
    }
  }

  /**
   * Files in the upload folder's month folders (YYYY/MM) that no stored_file row names and that were last
   * written before `cutoff`: what a server killed mid-upload leaves (a partial `.upload`, or a file renamed
   * whose row was never written). Checked a folder at a time, a statement per BATCH names.
   */
  private async sweepStrays(cutoff: Date): Promise<string[]> {
    const strays: string[] = [];
    const root = this.config.uploadDir;
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    const old: string[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const relative = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      // only what the uploads write (YYYY/MM/name); anything else in the folder is not ours to delete
      if (!/^\d{4}\/\d{2}\/[^/]+$/.test(relative)) continue;
      const { mtime } = await stat(path.join(root, relative)).catch(() => ({ mtime: new Date() }));
      if (mtime < cutoff) old.push(relative);
    }
    for (let i = 0; i < old.length; i += BATCH) {
      const batch = old.slice(i, i + BATCH);
      const named = new Set(
        (await this.prisma.db.$queryRaw<{ file_path: string }[]>`select file_path from stored_file where file_path = any(${batch})`).map(
          (row) => row.file_path,
        ),
      );
      for (const relative of batch.filter((file) => !named.has(file))) {
        await rm(path.join(root, relative), { force: true });
        strays.push(relative);
      }
    }
    return strays;
  }
}
