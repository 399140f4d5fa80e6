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
  IssueReminderCountDto,
  IssueReminderListDto,
  OrdersIssuesDto,
  UpdateIssueDto,
  UpdateReplyDto,
} from './issue-board.dto.js';
import { IssueBoardService } from './issue-board.service.js';

/**
 * The order issue board (docs/issue-board.md). Every call needs order:bbs and a board the caller may see
 * (another's order is 404); who may edit, remove and close is the service's to decide.
 */
@Controller('order/bbs')
export class IssueBoardController {
  constructor(private readonly board: IssueBoardService) {}

  /** The issues of one order in one status, newest first (the order's issue board). */
  @Perm('order:bbs')
  @Post('list/:orderId')
  list(@IdParam('orderId') orderId: number, @Body() query: ListIssuesDto, @CurrentUser() user: Principal) {
    return this.board.list(orderId, query.status, user);
  }

  /** Raises an issue on an order for a colleague to handle. */
  @Perm('order:bbs')
  @Put('add/:orderId')
  @Idempotent()
  add(@IdParam('orderId') orderId: number, @Body() dto: AddIssueDto, @CurrentUser() user: Principal) {
    return this.board.add(orderId, dto, user);
  }

  /** Edits an issue: its handler, text and photos. */
  @Perm('order:bbs')
  @Post('update')
  update(@Body() dto: UpdateIssueDto, @CurrentUser() user: Principal) {
    return this.board.update(dto, user);
  }

  /** One issue with its photos and replies. */
  @Perm('order:bbs')
  @Get('detail/:id')
  detail(@IdParam() id: number, @CurrentUser() user: Principal) {
    return this.board.detail(id, user);
  }

  /** Deletes an issue with its replies. */
  @Perm('order:bbs')
  @Delete('delete/:id')
  async remove(@IdParam() id: number, @CurrentUser() user: Principal) {
    await this.board.remove(id, user);
    return new WithMessage(null, t('issueRemoved'));
  }

  /** Closes an issue. */
  @Perm('order:bbs')
  @Post('close/:id')
  async close(@IdParam() id: number, @Body() dto: CloseIssueDto, @CurrentUser() user: Principal) {
    return new WithMessage(await this.board.close(id, dto.ver ?? undefined, user), t('issueClosed'));
  }

  /** Replies to an issue. */
  @Perm('order:bbs')
  @Put('reply/add/:orderBbsId')
  @Idempotent()
  addReply(@IdParam('orderBbsId') orderBbsId: number, @Body() dto: AddReplyDto, @CurrentUser() user: Principal) {
    return this.board.addReply(orderBbsId, dto, user);
  }

  /** Edits a reply: its text and photos. */
  @Perm('order:bbs')
  @Post('reply/update')
  updateReply(@Body() dto: UpdateReplyDto, @CurrentUser() user: Principal) {
    return this.board.updateReply(dto, user);
  }

  /** One reply with its photos. */
  @Perm('order:bbs')
  @Get('reply/detail/:id')
  replyDetail(@IdParam() id: number, @CurrentUser() user: Principal) {
    return this.board.replyDetail(id, user);
  }

  /** Deletes a reply. */
  @Perm('order:bbs')
  @Delete('reply/delete/:id')
  async removeReply(@IdParam() id: number, @CurrentUser() user: Principal) {
    await this.board.removeReply(id, user);
    return new WithMessage(null, t('issueReplyRemoved'));
  }

  /** The issues of several orders in one status, a page at a time (batch issue handling). */
  @Perm('order:bbs')
  @Post('orders/list')
  ordersList(@Body() query: OrdersIssuesDto, @CurrentUser() user: Principal) {
    return this.board.ordersList(query, user);
  }

  /** The issue bell's list: the issues waiting for the caller, answered or closed, of a line or all. */
  @Perm('order:bbs')
  @Post('notice/list')
  noticeList(@Body() query: IssueReminderListDto, @CurrentUser() user: Principal) {
    return this.board.reminderList(query, user);
  }

  /** The issue bell's badge: how many issues wait for the caller, of a line or all. */
  @Perm('order:bbs')
  @Post('notice/count')
  noticeCount(@Body() query: IssueReminderCountDto, @CurrentUser() user: Principal) {
    return this.board.reminderCount(query, user);
  }
}
