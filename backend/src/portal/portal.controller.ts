// the area's messages, registered when loaded
import './portal.messages.js';
import { SHIP_TYPES, type ShipType } from '@forwarder/domain';
import { Body, Controller, Get, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SignInRoute } from '../auth/rate-limit.module.js';
import { Customer, CurrentCustomer, Public, type PortalPrincipal } from '../common/access.decorators.js';
import { attachment } from '../common/download.js';
import { WithMessage } from '../common/envelope.js';
import { Idempotent } from '../common/idempotent.js';
import { t } from '../common/messages.js';
import { ChoiceParam, IdParam } from '../common/params.js';
import { INERT_HEADERS } from '../files/file-server.js';
import { PortalAccountsService } from './portal-accounts.service.js';
import { PortalLiveService } from './portal-live.service.js';
import { PortalOrdersService } from './portal-orders.service.js';
import { BindPreviewQueryDto, PortalBindDto, PortalLoginDto, PortalOrdersQueryDto, PortalPortsQueryDto, PrealertDto } from './portal.dto.js';

const clientOf = (req: Request) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

/**
 * The customer portal's API (docs/portal.md): binding and signing in are public; everything else is a
 * customer's portal session (@Customer), for the caller's own customer only. Staff tokens are refused here.
 */
@Controller('portal')
export class PortalController {
  constructor(
    private readonly accounts: PortalAccountsService,
    private readonly orders: PortalOrdersService,
    private readonly live: PortalLiveService,
  ) {}

  /** The company a binding code binds to, for the customer to confirm (the code stays unused). */
  @Public()
  @Get('bind/preview')
  preview(@Query() query: BindPreviewQueryDto) {
    return this.accounts.preview(query.bindCode);
  }

  /** Binds a new portal account with a binding code (used up) and signs it in. */
  @Public()
  @SignInRoute()
  @Post('bind')
  async bind(@Body() dto: PortalBindDto, @Req() req: Request) {
    return new WithMessage(await this.accounts.bind(dto, clientOf(req)), t('portalBound'));
  }

  /** Signs a portal account in (password RSA-encrypted with the `login/initialize` key). */
  @Public()
  @SignInRoute()
  @Post('login')
  login(@Body() dto: PortalLoginDto, @Req() req: Request) {
    return this.accounts.login(dto, clientOf(req));
  }

  /** Signs out: the session ends and its hub connections close. */
  @Customer()
  @Post('logout')
  async logout(@CurrentCustomer() p: PortalPrincipal) {
    await this.accounts.logout(p);
    return new WithMessage(null, t('portalSignedOut'));
  }

  /** The signed-in account and its company. */
  @Customer()
  @Get('me')
  me(@CurrentCustomer() p: PortalPrincipal) {
    return this.accounts.me(p.accountId);
  }

  /** The customer's orders of every line, newest first (`line`, `stage`, `keyword`, `page`, `size`). */
  @Customer('wechat:orderList')
  @Get('orders')
  list(@Query() query: PortalOrdersQueryDto, @CurrentCustomer() p: PortalPrincipal) {
    return this.orders.list(query, p);
  }

  /** One of the customer's orders with its public timeline, packages, released documents and tracking link. */
  @Customer('wechat:orderList')
  @Get('orders/:line/:id')
  detail(@ChoiceParam('line', SHIP_TYPES) line: ShipType, @IdParam() id: number, @CurrentCustomer() p: PortalPrincipal) {
    return this.orders.detail(line, id, p);
  }

  /** A document released to the customer, as its PDF (a download, inert in the browser). */
  @Customer('wechat:orderList')
  @Get('orders/:line/:id/documents/:docId')
  @ApiProduces('application/pdf')
  async document(
    @ChoiceParam('line', SHIP_TYPES) line: ShipType,
    @IdParam() id: number,
    @IdParam('docId') docId: number,
    @CurrentCustomer() p: PortalPrincipal,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const { name, pdf } = await this.orders.document(line, id, docId, p);
    res.set(INERT_HEADERS);
    return new StreamableFile(Buffer.from(pdf), { type: 'application/pdf', disposition: attachment(name) });
  }

  /** The customer's open amounts (what the arrears screen shows for them; nothing internal). */
  @Customer()
  @Get('amounts')
  amounts(@CurrentCustomer() p: PortalPrincipal) {
    return this.orders.amounts(p);
  }

  /** The enabled ports of a line, for the pre-alert form. */
  @Customer('wechat:orderAdd')
  @Get('ports')
  ports(@Query() query: PortalPortsQueryDto) {
    return this.orders.ports(query.line);
  }

  /** A pre-alert: a registered order of the customer, marked fromPortal, for the salesman to check (Idempotency-Key honoured). */
  @Customer('wechat:orderAdd')
  @Idempotent()
  @Post('prealerts')
  async prealert(@Body() dto: PrealertDto, @CurrentCustomer() p: PortalPrincipal) {
    return new WithMessage(await this.orders.prealert(dto, p), t('portalPrealertSent'));
  }

  /** The hub token for `/chathub?client=miniprogram&access_token=…` while this session lives. */
  @Customer()
  @Get('hub/token')
  hubToken(@CurrentCustomer() p: PortalPrincipal) {
    return this.live.hubToken(p);
  }
}
