import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { createReadStream, type ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Principal } from '../../common/access.decorators.js';
import { AppError } from '../../common/app-error.js';
import { countReceipts, listReceipts, RECEIPT_COLUMNS, receiptsInScope, type WarehouseReceipt } from '../../orders/cargo/warehouse-receipts.js';
import { skipTake, toPage, type Page } from '../../common/pagination.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { FilesService, type StoredFileView } from '../../files/files.service.js';
import { Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { commonFilters, whereAll } from './log-sql.js';
import type { LogQueryDto, NoticeLogQueryDto } from './log.dto.js';
import { inNoticeAudience } from './notice-audience.js';

export type StoredFileLogView = StoredFileView & { uploaderId: number | null; uploaderName: string | null; createdAt: Date };

export interface NoticeLogView {
  id: number;
  title: string;
  status: string;
  audience: string;
  audienceRoleIds: number[];
  audienceUserIds: number[];
  publishedAt: Date | null;
  withdrawnAt: Date | null;
  authorId: number;
  authorName: string | null;
  /** Audience members who have read it. */
  readCount: number;
  /** Current staff in the audience (enabled, not deleted). */
  audienceSize: number;
}

export interface StoredFileDownload {
  stream: ReadStream;
  fileName: string;
  mimeType: string;
  size: number;
}

/** The business records the log screens show: stored files, warehouse receipts, notices. */
@Injectable()
export class LogRecordsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly files: FilesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** /log/files: text matches the file name or its type; the user is the uploader. */
  async storedFiles(query: LogQueryDto): Promise<Page<StoredFileLogView>> {
    const where = whereAll(
      commonFilters(query, { time: Prisma.sql`f.created_at`, user: Prisma.sql`f.uploader_id`, text: [Prisma.sql`f.file_name`, Prisma.sql`f.mime_type`] }),
    );
    const { skip, take } = skipTake(query);
    type Row = {
      id: number;
      fileName: string;
      filePath: string;
      mimeType: string;
      size: number;
      uploaderId: number | null;
      uploaderName: string | null;
      createdAt: Date;
    };
    const [rows, [{ count }]] = await Promise.all([
      this.prisma.db.$queryRaw<Row[]>`
        select f.id, f.file_name as "fileName", f.file_path as "filePath", f.mime_type as "mimeType", f.size,
               f.uploader_id as "uploaderId", u.full_name as "uploaderName", f.created_at as "createdAt"
          from stored_file f left join app_user u on u.id = f.uploader_id
        ${where}
         order by f.created_at desc, f.id desc
         limit ${take} offset ${skip}`,
      this.prisma.db.$queryRaw<{ count: number }[]>`select count(*)::int as "count" from stored_file f ${where}`,
    ]);
    return toPage(
      rows.map((row) => ({ ...this.files.view(row), uploaderId: row.uploaderId, uploaderName: row.uploaderName, createdAt: row.createdAt })),
      count,
      query,
    );
  }

  /** Opens a stored file for download; 404 when the record or the file on disk is gone. */
  async openStoredFile(id: number): Promise<StoredFileDownload> {
    const row = await this.prisma.db.storedFile.findUnique({ where: { id } });
    if (!row) throw AppError.notFound();
    const root = path.resolve(this.config.uploadDir);
    const file = path.resolve(root, row.filePath);
    // file_path is written by the upload, but never let a record point outside the upload folder.
    if (!file.startsWith(root + path.sep)) throw new AppError(HttpStatus.NOT_FOUND, 'logFileMissing');
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) throw new AppError(HttpStatus.NOT_FOUND, 'logFileMissing');
    return { stream: createReadStream(file), fileName: row.fileName, mimeType: row.mimeType, size: info.size };
  }

  /**
   * /log/goods: every warehouse receipt — cargo registrations and stage-move receipts, one model with the
   * Word receipt (orders/cargo/warehouse-receipts.ts) — of the orders in the caller's order scope, newest
   * first; the time filter is when the receipt was written, the user who received the goods, the text in
   * the order number, receipt number or remark.
   */
  async goodsReceipts(query: LogQueryDto, user: Principal): Promise<Page<WarehouseReceipt>> {
    const where = whereAll([
      receiptsInScope(user),
      ...commonFilters(query, { time: RECEIPT_COLUMNS.recordedAt, user: RECEIPT_COLUMNS.receivedBy, text: RECEIPT_COLUMNS.text }),
    ]);
    const { skip, take } = skipTake(query);
    const [rows, count] = await Promise.all([listReceipts(this.prisma, where, skip, take), countReceipts(this.prisma, where)]);
    return toPage(rows, count, query);
  }

  /**
   * /log/notice: published and withdrawn notices (drafts are not in the log), newest publication first;
   * the time range applies to the publication, the user is the author, the text is in the title.
   */
  async notices(query: NoticeLogQueryDto): Promise<Page<NoticeLogView>> {
    const where = whereAll([
      Prisma.sql`n.status in ('published', 'withdrawn')`,
      ...commonFilters(query, { time: Prisma.sql`n.published_at`, user: Prisma.sql`n.created_by`, text: [Prisma.sql`n.title`] }),
      query.status ? Prisma.sql`n.status = ${query.status}` : undefined,
    ]);
    const { skip, take } = skipTake(query);
    const [rows, [{ count }]] = await Promise.all([
      this.prisma.db.$queryRaw<NoticeLogView[]>`
        select n.id, n.title, n.status, n.audience,
               coalesce(n.audience_role_ids, '{}') as "audienceRoleIds", coalesce(n.audience_user_ids, '{}') as "audienceUserIds",
               n.published_at as "publishedAt", n.withdrawn_at as "withdrawnAt", n.created_by as "authorId", u.full_name as "authorName",
               (select count(*)::int from notice_read r join app_user a on a.id = r.user_id
                 where r.notice_id = n.id and ${inNoticeAudience(Prisma.sql`n`, Prisma.sql`a`)}) as "readCount",
               (select count(*)::int from app_user a where ${inNoticeAudience(Prisma.sql`n`, Prisma.sql`a`)}) as "audienceSize"
          from notice n left join app_user u on u.id = n.created_by
        ${where}
         order by n.published_at desc nulls last, n.id desc
         limit ${take} offset ${skip}`,
      this.prisma.db.$queryRaw<{ count: number }[]>`select count(*)::int as "count" from notice n ${where}`,
    ]);
    return toPage(rows, count, query);
  }
}
