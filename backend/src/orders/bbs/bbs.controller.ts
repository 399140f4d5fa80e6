import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { CurrentUser, Perm, type Principal } from '../../common/access.decorators.js';
import { Idempotent } from '../../common/idempotent.js';
import { WithMessage } from '../../common/envelope.js';
import { t } from '../../common/messages.js';
import { IdParam } from '../../common/params.js';
import {
  AddIssueDto,
  AddReplyDto,
  CloseIssueDto,
  ListIssuesDto,
  NoticeCountDto,
  NoticeListDto,
  OrdersIssuesDto,
  UpdateIssueDto,
  UpdateReplyDto,
} from './bbs.dto.js';
import { BbsService } from './bbs.service.js';

/**
 * The order issue board (docs/bbs.md). Every call needs order:bbs and a board the caller may see
 * (another's order is 404); who may edit, remove and close is the service's to decide.
 */
@Controller('order/bbs')
export class BbsController {
  constructor(private readonly bbs: BbsService) {}

  @Perm('order:bbs')
  @Post('list/:orderId')
  list(@IdParam('orderId') orderId: number, @Body() query: ListIssuesDto, @CurrentUser() user: Principal) {
    return this.bbs.list(orderId, query.status, user);
  }

  @Perm('order:bbs')
  @Put('add/:orderId')
  @Idempotent()
  add(@IdParam('orderId') orderId: number, @Body() dto: AddIssueDto, @CurrentUser() user: Principal) {
    return this.bbs.add(orderId, dto, user);
  }

  @Perm('order:bbs')
  @Post('update')
  update(@Body() dto: UpdateIssueDto, @CurrentUser() user: Principal) {
    return this.bbs.update(dto, user);
  }

  @Perm('order:bbs')
  @Get('detail/:id')
  detail(@IdParam() id: number, @CurrentUser() user: Principal) {
    return this.bbs.detail(id, user);
  }

  @Perm('order:bbs')
  @Delete('delete/:id')
  async remove(@IdParam() id: number, @CurrentUser() user: Principal) {
    await this.bbs.remove(id, user);
    return new WithMessage(null, t('bbsRemoved'));
  }

  @Perm('order:bbs')
  @Post('close/:id')
  async close(@IdParam() id: number, @Body() dto: CloseIssueDto, @CurrentUser() user: Principal) {
    return new WithMessage(await this.bbs.close(id, dto.ver ?? undefined, user), t('bbsClosed'));
  }

  @Perm('order:bbs')
  @Put('reply/add/:orderBbsId')
  @Idempotent()
  addReply(@IdParam('orderBbsId') orderBbsId: number, @Body() dto: AddReplyDto, @CurrentUser() user: Principal) {
    return this.bbs.addReply(orderBbsId, dto, user);
  }

  @Perm('order:bbs')
  @Post('reply/update')
  updateReply(@Body() dto: UpdateReplyDto, @CurrentUser() user: Principal) {
    return this.bbs.updateReply(dto, user);
  }

  @Perm('order:bbs')
  @Get('reply/detail/:id')
  replyDetail(@IdParam() id: number, @CurrentUser() user: Principal) {
    return this.bbs.replyDetail(id, user);
  }

  @Perm('order:bbs')
  @Delete('reply/delete/:id')
  async removeReply(@IdParam() id: number, @CurrentUser() user: Principal) {
    await this.bbs.removeReply(id, user);
    return new WithMessage(null, t('bbsReplyRemoved'));
  }

  @Perm('order:bbs')
  @Post('orders/list')
  ordersList(@Body() query: OrdersIssuesDto, @CurrentUser() user: Principal) {
    return this.bbs.ordersList(query, user);
  }

  @Perm('order:bbs')
  @Post('notice/list')
  noticeList(@Body() query: NoticeListDto, @CurrentUser() user: Principal) {
    return this.bbs.noticeList(query, user);
  }

  @Perm('order:bbs')
  @Post('notice/count')
  noticeCount(@Body() query: NoticeCountDto, @CurrentUser() user: Principal) {
    return this.bbs.noticeCount(query, user);
  }
}
