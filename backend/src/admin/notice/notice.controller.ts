import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { IdParam } from '../../common/params.js';
import { CurrentUser, Perm, SignedIn, type Principal } from '../../common/access.decorators.js';
import { WithMessage } from '../../common/envelope.js';
import { t } from '../../common/messages.js';
import { AddNoticeDto, ListNoticesDto, MyNoticesDto, NoticeVerDto, UpdateNoticeDto } from './notice.dto.js';
import { NoticeService } from './notice.service.js';

@Controller('notice')
export class NoticeController {
  constructor(private readonly notices: NoticeService) {}

  // ------------------------------------------------------------ administration (/base/notice/list)

  @Perm('notice:list')
  @Post('list')
  list(@Body() query: ListNoticesDto) {
    return this.notices.list(query);
  }

  @Perm('notice:list')
  @Get('detail/:id')
  detail(@IdParam() id: number) {
    return this.notices.detail(id);
  }

  @Perm('notice:add')
  @Put('add')
  add(@Body() dto: AddNoticeDto, @CurrentUser() user: Principal) {
    return this.notices.add(dto, user.userId);
  }

  @Perm('notice:modify')
  @Post('update')
  update(@Body() dto: UpdateNoticeDto) {
    return this.notices.update(dto);
  }

  @Perm('notice:delete')
  @Delete('delete/:id')
  async remove(@IdParam() id: number) {
    await this.notices.remove(id);
    return null;
  }

  @Perm('notice:publish')
  @Post('publish/:id')
  async publish(@IdParam() id: number, @Body() body: NoticeVerDto) {
    return new WithMessage(await this.notices.publish(id, body.ver), t('noticePublished'));
  }

  @Perm('notice:publish')
  @Post('withdraw/:id')
  async withdraw(@IdParam() id: number, @Body() body: NoticeVerDto) {
    return new WithMessage(await this.notices.withdraw(id, body.ver), t('noticeWithdrawn'));
  }

  // ------------------------------------------------------------ the signed-in reader's own notices

  @SignedIn()
  @Post('my/list')
  myList(@Body() query: MyNoticesDto, @CurrentUser() user: Principal) {
    return this.notices.myList(user.userId, query);
  }

  @SignedIn()
  @Get('my/detail/:id')
  myDetail(@IdParam() id: number, @CurrentUser() user: Principal) {
    return this.notices.myDetail(user.userId, id);
  }

  @SignedIn()
  @Post('my/read/:id')
  async markRead(@IdParam() id: number, @CurrentUser() user: Principal) {
    await this.notices.markRead(user.userId, id);
    return null;
  }

  /** The top bar's badge: how many notices addressed to the caller are still unread. */
  @SignedIn()
  @Post('my/unread/count')
  unreadCount(@CurrentUser() user: Principal) {
    return this.notices.unreadCount(user.userId);
  }
}
