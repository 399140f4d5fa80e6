import { Body, Controller, Get, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Perm } from '../common/access.decorators.js';
import { ListExportRoute, streamListExport } from '../common/list-export.js';
import { WithMessage } from '../common/envelope.js';
import { t } from '../common/messages.js';
import { IdParam } from '../common/params.js';
import { MAIL_LOG_EXPORT_COLUMNS } from './mail-list-export.js';
import { MailLogExportDto, MailLogQueryDto } from './mail.dto.js';
import { MailOutboxService } from './mail-outbox.service.js';

/** The outbox of the milestone e-mails to customers (邮件发件箱, in the logs area): what was queued, sent or failed, and why. */
@Controller('log/mail')
export class MailController {
  constructor(private readonly outbox: MailOutboxService) {}

  /** The mails of the outbox, newest first, with their status, attempts and last error. */
  @Perm('log:mail')
  @Post('list')
  list(@Body() query: MailLogQueryDto) {
    return this.outbox.list(query);
  }

  /** 导出当前列表 of the outbox, as xlsx with the columns the user sees. */
  @ListExportRoute('list/export', 'mail-log', 'log:mail')
  export(@Body() dto: MailLogExportDto, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, 'mail-log', dto, MAIL_LOG_EXPORT_COLUMNS, (query) => this.outbox.list(query));
  }

  /** One mail with its sender and text. */
  @Perm('log:mail')
  @Get('detail/:id')
  detail(@IdParam() id: number) {
    return this.outbox.detail(id);
  }

  /** Sends a failed or unsent mail again (back in the queue with a full set of attempts). */
  @Perm('log:mail')
  @Post('retry/:id')
  async retry(@IdParam() id: number) {
    return new WithMessage(await this.outbox.retry(id), t('mailRetried'));
  }
}
