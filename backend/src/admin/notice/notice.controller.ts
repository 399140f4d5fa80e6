import { Body, Controller, Get, Post, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import { IdParam } from '../../common/params.js';
import { CurrentUser, Perm, SignedIn, type Principal } from '../../common/access.decorators.js';
import { Idempotent } from '../../common/idempotent.js';
import { WithMessage } from '../../common/envelope.js';
import { t } from '../../common/messages.js';
import { ResourceController } from '../../common/resource-routes.js';
import { ListExportRoute, streamListExport } from '../../common/list-export.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { noticeExportColumns } from './notice-list-export.js';
import { AddNoticeDto, ListNoticesDto, MyNoticesDto, NoticeListExportDto, NoticeVerDto, UpdateNoticeDto } from './notice.dto.js';
import { NoticeService } from './notice.service.js';

/** Internal notices (内部通知): written and published by administrators, read by their audience. */
@Controller('notice')
export class NoticeController extends ResourceController(NoticeService, {
  list: { perm: ['notice:list'], body: ListNoticesDto, summary: 'The notices, filtered by title, status and publication time, newest first.' },
  detail: { perm: ['notice:list'], summary: 'A notice with its content.' },
  update: { perm: ['notice:modify'], body: UpdateNoticeDto, summary: 'Edits a draft or withdrawn notice.' },
  remove: { perm: ['notice:delete'], summary: 'Deletes a notice that is not published.' },
}) {
  constructor(
    notices: NoticeService,
    private readonly prisma: PrismaService,
  ) {
    super(notices);
  }

  /** 导出当前列表: the list's rows (its filters, every page) as xlsx with the columns the user sees, the roles by name. */
  @ListExportRoute('list/export', 'notices', 'notice:list')
  async exportList(@Body() dto: NoticeListExportDto, @Res({ passthrough: true }) res: Response) {
    const roles = await this.prisma.db.role.findMany({ select: { id: true, name: true, nameEn: true } });
    const columns = noticeExportColumns(new Map(roles.map((role) => [role.id, [role.name, role.nameEn || role.name] as const])));
    return streamListExport(res, 'notices', dto, columns, (query) => this.service.list(query));
  }

  /** Writes a notice as a draft, for everyone, some roles or some staff. */
  @Perm('notice:add')
  @Put('add')
  @Idempotent()
  add(@Body() dto: AddNoticeDto, @CurrentUser() user: Principal) {
    return this.service.add(dto, user.userId);
  }

  /** Publishes a notice to its audience (pushed to their live connections; unread again for all). */
  @Perm('notice:publish')
  @Post('publish/:id')
  async publish(@IdParam() id: number, @Body() body: NoticeVerDto) {
    return new WithMessage(await this.service.publish(id, body.ver), t('noticePublished'));
  }

  /** Withdraws a published notice. */
  @Perm('notice:publish')
  @Post('withdraw/:id')
  async withdraw(@IdParam() id: number, @Body() body: NoticeVerDto) {
    return new WithMessage(await this.service.withdraw(id, body.ver), t('noticeWithdrawn'));
  }

  /** The published notices addressed to the caller, read or unread, newest first. */
  @SignedIn()
  @Post('my/list')
  myList(@Body() query: MyNoticesDto, @CurrentUser() user: Principal) {
    return this.service.myList(user.userId, query);
  }

  /** A notice addressed to the caller, marked read. */
  @SignedIn()
  @Get('my/detail/:id')
  myDetail(@IdParam() id: number, @CurrentUser() user: Principal) {
    return this.service.myDetail(user.userId, id);
  }

  /** Marks a notice addressed to the caller read. */
  @SignedIn()
  @Post('my/read/:id')
  async markRead(@IdParam() id: number, @CurrentUser() user: Principal) {
    await this.service.markRead(user.userId, id);
    return null;
  }

  /** The top bar's badge: how many notices addressed to the caller are still unread. */
  @SignedIn()
  @Post('my/unread/count')
  unreadCount(@CurrentUser() user: Principal) {
    return this.service.unreadCount(user.userId);
  }
}
