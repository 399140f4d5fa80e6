import { Body, Controller, Get, Post, Put } from '@nestjs/common';
import { IdParam } from '../../common/params.js';
import { CurrentUser, Perm, SignedIn, type Principal } from '../../common/access.decorators.js';
import { Idempotent } from '../../common/idempotent.js';
import { WithMessage } from '../../common/envelope.js';
import { t } from '../../common/messages.js';
import { ResourceController } from '../../common/resource-routes.js';
import { AddNoticeDto, ListNoticesDto, MyNoticesDto, NoticeVerDto, UpdateNoticeDto } from './notice.dto.js';
import { NoticeService } from './notice.service.js';

@Controller('notice')
export class NoticeController extends ResourceController(NoticeService, {
  list: { perm: ['notice:list'], body: ListNoticesDto },
  detail: { perm: ['notice:list'] },
  update: { perm: ['notice:modify'], body: UpdateNoticeDto },
  remove: { perm: ['notice:delete'] },
}) {
  // ------------------------------------------------------------ administration (/base/notice/list)

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
