import { Body, Controller, Delete, Get, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ListExportRoute, streamListExport } from '../common/list-export.js';
import { CUSTOMER_EXPORT_COLUMNS } from './customer-list-export.js';
import { CurrentUser, Perm, Public, type Principal } from '../common/access.decorators.js';
import { WithMessage } from '../common/envelope.js';
import { t } from '../common/messages.js';
import { IdParam } from '../common/params.js';
import { ResourceController } from '../common/resource-routes.js';
import { CustomerPoolService } from './customer-pool.service.js';
import { CustomerWechatService } from './customer-wechat.service.js';
import { CustomersService } from './customers.service.js';
import {
  CustomerListExportDto,
  AcceptEmailDto,
  AddCustomerDto,
  CheckCustomerDto,
  CustomerKeyDto,
  CustomerListQueryDto,
  ProtectCustomerDto,
  ReleaseCustomerDto,
  UpdateCustomerDto,
  WechatBindDto,
  WechatListQueryDto,
  OnlineListQueryDto,
  WechatTokenDto,
} from './customers.dto.js';
import { WechatGatewayGuard } from './wechat-gateway.guard.js';

/** Customers (/customers/*): the rules are in the services; docs/customers.md tells them. */
@Controller('customers')
export class CustomersController extends ResourceController(CustomersService, {
  list: { perm: ['customers:list'], body: CustomerListQueryDto, summary: 'The seven list screens, chosen by `list`.' },
  detail: { perm: ['customers:detail'], summary: 'A customer in full, as the edit and view dialogs show it.' },
  add: { perm: ['customers:add'], body: AddCustomerDto, summary: 'Registers a customer, owned by the caller.' },
  update: { perm: ['customers:modify'], body: UpdateCustomerDto, summary: 'Edits a customer (the `ver` read is sent back).' },
  remove: { perm: ['customers:delete'], summary: 'Deletes a customer that has no orders.' },
}) {
  constructor(
    customers: CustomersService,
    private readonly pool: CustomerPoolService,
    private readonly wechat: CustomerWechatService,
  ) {
    super(customers);
  }

  /** 导出当前列表: the customer list's rows (its filters and the caller's scope; every page) as xlsx with the columns the user sees. */
  @ListExportRoute('list/export', 'customer-list', 'customers:list')
  exportList(@Body() dto: CustomerListExportDto, @CurrentUser() user: Principal, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, `customers-${dto.list}`, dto, CUSTOMER_EXPORT_COLUMNS, (query) => this.service.list(query, user));
  }

  /** Reviews a customer sent for review: approves it or sends it back with a reason. */
  @Perm('customers:check')
  @Post('check')
  check(@Body() dto: CheckCustomerDto, @CurrentUser() user: Principal) {
    return this.service.check(dto, user);
  }

  /** Protects a customer, or lifts its protection, so that it does not fall into the public pool. */
  @Perm('customers:protect')
  @Post('protect')
  protect(@Body() dto: ProtectCustomerDto, @CurrentUser() user: Principal) {
    return this.service.protect(dto, user);
  }

  /** Whether the customer receives the order e-mails. */
  @Perm('customers:modify')
  @Post('update/acceptEmail')
  setAcceptEmail(@Body() dto: AcceptEmailDto, @CurrentUser() user: Principal) {
    return this.service.setAcceptEmail(dto, user);
  }

  /** Customer pickers (the binding code dialog, finance filters): up to 20 `{ id, name }` the caller may work on. */
  @Perm('customers:list', 'customers:bindcode', 'topbar:bindcode', 'finance:list', 'finance:arrears', 'finance:inquiry', 'finance:report')
  @Post('take/list')
  take(@Body() dto: CustomerKeyDto, @CurrentUser() user: Principal) {
    return this.service.take(dto.key, user);
  }

  /** The mini-program accounts bound to the caller's customers, a page at a time. */
  @Perm('customers:wechat')
  @Post('list/wechat')
  wechatList(@Body() query: WechatListQueryDto, @CurrentUser() user: Principal) {
    return this.wechat.list(query, user);
  }

  /** Customers' live mini-program connections (of the caller's customers). */
  @Perm('customers:wechat')
  @Post('list/online')
  online(@Body() query: OnlineListQueryDto, @CurrentUser() user: Principal) {
    return this.wechat.online(query, user);
  }

  /** Unbinds a mini-program account (the id of the bound account). */
  @Perm('customers:wechat')
  @Delete('wechat/delete/:id')
  async unbindWechat(@IdParam() id: number, @CurrentUser() user: Principal) {
    await this.wechat.unbind(id, user);
    return new WithMessage(null, t('wechatUnbound'));
  }

  /** Claims a customer from the public pool. */
  @Perm('customers:catch')
  @Post('catcher/:id')
  async claim(@IdParam() id: number, @CurrentUser() user: Principal) {
    await this.pool.claim(id, user);
    return new WithMessage(await this.service.detail(id, user), t('customerClaimed'));
  }

  /** Releases a customer to the public pool by hand, with a reason (its owner, or a holder of customers:all). */
  @Perm('customers:release')
  @Post('release')
  async release(@Body() dto: ReleaseCustomerDto, @CurrentUser() user: Principal) {
    await this.pool.release(dto, user);
    return new WithMessage(await this.service.detail(dto.id, user), t('customerReleased'));
  }

  /** Forces one hub connection off. */
  @Perm('customers:wechat')
  @Post('appointexit/:connectionId')
  async appointExit(@Param('connectionId') connectionId: string, @CurrentUser() user: Principal) {
    await this.wechat.closeConnection(connectionId, user);
    return new WithMessage(null, t('customerConnectionClosed'));
  }

  /** A short-lived code that binds a mini-program account to the customer (shown as a QR code). */
  @Perm('customers:bindcode', 'topbar:bindcode')
  @Get('bindcode/:id')
  bindCode(@IdParam() id: number, @CurrentUser() user: Principal, @Req() req: Request) {
    return this.wechat.issueBindCode(id, user, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  }

  /** Called by the mini-program's gateway, not by staff: the shared secret is the check. */
  @Public()
  @UseGuards(WechatGatewayGuard)
  @Post('wechat/bind')
  async bindWechat(@Body() dto: WechatBindDto) {
    return new WithMessage(await this.wechat.bind(dto), t('wechatBound'));
  }

  /** Called by the mini-program's gateway: a hub token for a bound account (connect with it to /chathub). */
  @Public()
  @UseGuards(WechatGatewayGuard)
  @Post('wechat/token')
  wechatToken(@Body() dto: WechatTokenDto) {
    return this.wechat.token(dto);
  }
}
