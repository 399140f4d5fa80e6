import { Body, Controller, Get, Param, Post, Res, StreamableFile } from '@nestjs/common';
import { attachment } from '../../common/download.js';
import type { Response } from 'express';
import { CurrentUser, Perm, type Principal } from '../../common/access.decorators.js';
import { WithMessage } from '../../common/envelope.js';
import { t } from '../../common/messages.js';
import { LogRecordsService } from './log-records.service.js';
import { LogRetentionService } from './log-retention.service.js';
import { ListExportRoute, streamListExport } from '../../common/list-export.js';
import {
  ERROR_LOG_EXPORT_COLUMNS,
  FILES_LOG_EXPORT_COLUMNS,
  GOODS_LOG_EXPORT_COLUMNS,
  NOTICE_LOG_EXPORT_COLUMNS,
  REQUEST_LOG_EXPORT_COLUMNS,
  SQL_LOG_EXPORT_COLUMNS,
} from './log-list-export.js';
import {
  ErrorIdParamDto,
  LogExportDto,
  LogQueryDto,
  NoticeLogExportDto,
  NoticeLogQueryDto,
  RequestLogExportDto,
  RequestLogQueryDto,
  SqlLogExportDto,
  SqlLogQueryDto,
  StoredFileIdParamDto,
  TracedLogExportDto,
  TracedLogQueryDto,
} from './log.dto.js';
import { LogService } from './log.service.js';

/** The system logs (系统日志): operations, requests, exceptions, uploaded files, warehouse receipts and sent notices (docs/logging.md). */
@Controller('log')
export class LogController {
  constructor(
    private readonly logs: LogService,
    private readonly records: LogRecordsService,
    private readonly retention: LogRetentionService,
  ) {}

  /** The operation log: each write with its before and after, in the caller's scope. */
  @Perm('log:sql')
  @Post('sql/list')
  dataChanges(@Body() query: SqlLogQueryDto, @CurrentUser() user: Principal) {
    return this.logs.dataChanges(query, user);
  }

  /** 导出当前列表 of the operation log, as xlsx with the columns the user sees. */
  @ListExportRoute('sql/list/export', 'operation-log', 'log:sql')
  exportDataChanges(@Body() dto: SqlLogExportDto, @CurrentUser() user: Principal, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, 'operation-log', dto, SQL_LOG_EXPORT_COLUMNS, (query) => this.logs.dataChanges(query, user));
  }

  /** The request log: each call with its user, address, status and time taken. */
  @Perm('log:request')
  @Post('request/list')
  requests(@Body() query: RequestLogQueryDto) {
    return this.logs.requests(query);
  }

  /** 导出当前列表 of the request log, as xlsx with the columns the user sees. */
  @ListExportRoute('request/list/export', 'request-log', 'log:request')
  exportRequests(@Body() dto: RequestLogExportDto, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, 'request-log', dto, REQUEST_LOG_EXPORT_COLUMNS, (query) => this.logs.requests(query));
  }

  /** The exception log: the server errors, newest first. */
  @Perm('log:error')
  @Post('error/list')
  errors(@Body() query: TracedLogQueryDto) {
    return this.logs.errors(query);
  }

  /** 导出当前列表 of the exception log, as xlsx with the columns the user sees. */
  @ListExportRoute('error/list/export', 'error-log', 'log:error')
  exportErrors(@Body() dto: TracedLogExportDto, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, 'error-log', dto, ERROR_LOG_EXPORT_COLUMNS, (query) => this.logs.errors(query));
  }

  /** One exception with its stack. */
  @Perm('log:error')
  @Get('error/detail/:id')
  errorDetail(@Param() params: ErrorIdParamDto) {
    return this.logs.errorDetail(params.id);
  }

  /** The uploaded files: who uploaded what, when, and where it is used. */
  @Perm('file:list')
  @Post('files/list')
  storedFiles(@Body() query: LogQueryDto) {
    return this.records.storedFiles(query);
  }

  /** 导出当前列表 of the uploaded files, as xlsx with the columns the user sees. */
  @ListExportRoute('files/list/export', 'files-log', 'file:list')
  exportStoredFiles(@Body() dto: LogExportDto, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, 'files-log', dto, FILES_LOG_EXPORT_COLUMNS, (query) => this.records.storedFiles(query));
  }

  /** Downloads an uploaded file as it was stored. */
  @Perm('file:list')
  @Get('files/download/:id')
  async download(@Param() params: StoredFileIdParamDto, @Res({ passthrough: true }) res: Response) {
    const file = await this.records.openStoredFile(params.id);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(file.stream, { type: file.mimeType, length: file.size, disposition: attachment(file.fileName) });
  }

  /** The warehouse receipts of the orders in the caller's scope (最后入仓记录). */
  @Perm('log:goods')
  @Post('goods/list')
  goodsReceipts(@Body() query: LogQueryDto, @CurrentUser() user: Principal) {
    return this.records.goodsReceipts(query, user);
  }

  /** 导出当前列表 of the warehouse receipts, as xlsx with the columns the user sees. */
  @ListExportRoute('goods/list/export', 'goods-log', 'log:goods')
  exportGoodsReceipts(@Body() dto: LogExportDto, @CurrentUser() user: Principal, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, 'goods-log', dto, GOODS_LOG_EXPORT_COLUMNS, (query) => this.records.goodsReceipts(query, user));
  }

  /** The e-mails and reminders the system sent, with their outcome. */
  @Perm('log:notice')
  @Post('notice/list')
  notices(@Body() query: NoticeLogQueryDto) {
    return this.records.notices(query);
  }

  /** 导出当前列表 of the sent notices, as xlsx with the columns the user sees. */
  @ListExportRoute('notice/list/export', 'notice-log', 'log:notice')
  exportNotices(@Body() dto: NoticeLogExportDto, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, 'notice-log', dto, NOTICE_LOG_EXPORT_COLUMNS, (query) => this.records.notices(query));
  }

  /** Deletes the request, exception and operation logs older than `log.retentionDays` now. */
  @Perm('log:request')
  @Post('purge')
  async purge() {
    const result = await this.retention.purge();
    return new WithMessage(result, result.cutoff ? t('logPurged', { days: result.retentionDays }) : t('logPurgeOff'));
  }
}
