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

@Controller('notice')
export class NoticeController extends ResourceController(NoticeService, {
  list: { perm: ['notice:list'], body: ListNoticesDto },
  detail: { perm: ['notice:list'] },
  update: { perm: ['notice:modify'], body: UpdateNoticeDto },
  remove: { perm: ['notice:delete'] },
}) {
  constructor(
    notices: NoticeService,
    private readonly prisma: PrismaService,
  ) {
    super(notices);
  }

  // ------------------------------------------------------------ administration (/base/notice/list)

  /** 导出当前列表: the list's rows (its filters, every page) as xlsx with the columns the user sees, the roles by name. */
  @ListExportRoute('list/export', 'notices', 'notice:list')
  async exportList(@Body() dto: NoticeListExportDto, @Res({ passthrough: true }) res: Response) {
    const roles = await this.prisma.db.role.findMany({ select: { id: true, name: true, nameEn: true } });
    const columns = noticeExportColumns(new Map(roles.map((role) => [role.id, [role.name, role.nameEn || role.name] as const])));
    return streamListExport(res, 'notices', dto, columns, (query) => this.service.list(query));
  }

  @Perm('notice:add')
  @Put('add')
  @Idempotent()
  add(@Body() dto: AddNoticeDto, @CurrentUser() user: Principal) {
    return this.service.add(dto, user.userId);
  }

  @Perm('notice:publish')
  @Post('publish/:id')
  async publish(@IdParam() id: number, @Body() body: NoticeVerDto) {
    return new WithMessage(await this.service.publish(id, body.ver), t('noticePublished'));
  }

  @Perm('notice:publish')
  @Post('withdraw/:id')
  async withdraw(@IdParam() id: number, @Body() body: NoticeVerDto) {
    return new WithMessage(await this.service.withdraw(id, body.ver), t('noticeWithdrawn'));
  }

  // ------------------------------------------------------------ the signed-in reader's own notices

  @SignedIn()
  @Post('my/list')
  myList(@Body() query: MyNoticesDto, @CurrentUser() user: Principal) {
    return this.service.myList(user.userId, query);
  }

  @SignedIn()
  @Get('my/detail/:id')
  myDetail(@IdParam() id: number, @CurrentUser() user: Principal) {
    return this.service.myDetail(user.userId, id);
  }

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
