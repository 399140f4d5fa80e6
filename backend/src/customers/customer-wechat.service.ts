import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { storedId } from '../common/stored-id.js';
import type { Principal } from '../common/access.decorators.js';
import { AppError, FieldErrors } from '../common/app-error.js';
import { t } from '../common/messages.js';
import { anyContaining, skipTake, toPage, type Page } from '../common/pagination.js';
import { Prisma } from '../generated/prisma/client.js';
import { HubService } from '../hub/hub.service.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { ownScope, viewerOf } from './customer-scope.js';
import type {
  BindCodeAnswer,
  OnlineCustomerConnection,
  OnlineListQueryDto,
  WechatAccount,
  WechatBindAnswer,
  WechatBindDto,
  WechatListQueryDto,
  WechatTokenDto,
} from './customers.dto.js';
import { PortalSessions } from '../auth/portal-sessions.js';
import { TokenService } from '../auth/token.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { Tx } from '../prisma/prisma.service.js';
import { PORTAL_OF_WECHAT, wechatView, writable } from './customers.service.js';

/** Hub connection ids are base64url. */
const CONNECTION_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Stands for this installation's outside address in customer.wechatBindUrl (the default binds in the customer portal). */
export const PUBLIC_BASE_URL_PLACEHOLDER = '{PUBLIC_BASE_URL}';

/** Why a binding code does not bind (unknown, used, expired), as a 400 on `field`. */
async function refusedCode(db: Pick<Tx, 'customerBindCode'>, code: string, field: string): Promise<FieldErrors> {
  const known = await db.customerBindCode.findUnique({ where: { code: storedId(code) }, select: { usedAt: true } });
  return new FieldErrors({ [field]: [t(!known ? 'bindCodeUnknown' : known.usedAt ? 'bindCodeUsed' : 'bindCodeExpired')] });
}

/**
 * Uses up a binding code in `tx` (the transaction that binds): a code used or expired, or unknown, is a 400
 * on `field`; so is a second (or concurrent) use. Answers the customer it binds to.
 */
export async function useBindCode(tx: Tx, code: string, usedBy: string, field: string): Promise<{ id: number; code: string; companyName: string }> {
  const now = new Date();
  try {
    const used = await tx.customerBindCode.update({
      where: { code: storedId(code), usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now, usedBy },
      include: { customer: { select: { id: true, code: true, companyName: true } } },
    });
    return used.customer;
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2025') throw error;
    throw await refusedCode(tx, code, field);
  }
}

/** What a binding code would bind to, without using it: the customer and when the code expires (a 400 on `field` as useBindCode's). */
export async function peekBindCode(
  db: Pick<Tx, 'customerBindCode'>,
  code: string,
  field: string,
): Promise<{ customer: { id: number; code: string; companyName: string }; expiresAt: Date }> {
  const row = await db.customerBindCode.findUnique({
    where: { code: storedId(code) },
    select: { usedAt: true, expiresAt: true, customer: { select: { id: true, code: true, companyName: true } } },
  });
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw await refusedCode(db, code, field);
  return { customer: row.customer, expiresAt: row.expiresAt };
}

/**
 * Customers' mini-program accounts: binding codes a salesman hands out (as a QR code), the binding
 * itself (called by the mini-program's gateway), the bound accounts, and forcing a connection off.
 */
@Injectable()
export class CustomerWechatService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly settings: SettingsService,
    private readonly hub: HubService,
    private readonly tokens: TokenService,
    private readonly portal: PortalSessions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The gateway's call: a hub token for a bound account (the mini-program connects to /chathub with it). */
  async token(dto: WechatTokenDto): Promise<{ token: string; expiresIn: number; customerId: number }> {
    const account = await this.prisma.db.customerWechat.findUnique({ where: { openId: dto.openId }, select: { id: true, customerId: true } });
    if (!account) throw new FieldErrors({ openId: [t('wechatNotBound')] });
    return { ...(await this.tokens.issueWechat(account.id, account.customerId)), customerId: account.customerId };
  }

  /**
   * Live mini-program connections of the caller's customers, newest first. The live connections come
   * from the hub (every process), not from a table: they are filtered to the scope with one query.
   */
  async online(query: OnlineListQueryDto, user: Principal): Promise<Page<OnlineCustomerConnection>> {
    let live = (await this.hub.online()).filter((c) => c.customerId !== undefined && (query.customerId === undefined || c.customerId === query.customerId));
    const customers = await this.prisma.db.customer.findMany({
      where: { AND: [ownScope(viewerOf(user)), { id: { in: [...new Set(live.map((c) => c.customerId!))] } }] },
      select: { id: true, code: true, companyName: true },
    });
    const byId = new Map(customers.map((c) => [c.id, c]));
    live = live
      .filter((c) => byId.has(c.customerId!))
      .sort((a, b) => b.connectedAt.localeCompare(a.connectedAt) || a.connectionId.localeCompare(b.connectionId));
    const { skip, take } = skipTake(query);
    const items = live.slice(skip, skip + take).map((c) => {
      const customer = byId.get(c.customerId!)!;
      return {
        connectionId: c.connectionId,
        customerId: customer.id,
        customerCode: customer.code,
        companyName: customer.companyName,
        wechatId: c.customerWechatId!,
        openId: c.account,
        nickname: c.fullName,
        transport: c.transport,
        connectedAt: c.connectedAt,
      };
    });
    return toPage(items, live.length, query);
  }

  /**
   * A fresh single-use code for one of the caller's customers, valid `customer.bindCodeMinutes`
   * (at least 1), with the mini-program link that carries it and that link as a QR image (data URL).
   */
  async issueBindCode(customerId: number, user: Principal, origin: string): Promise<BindCodeAnswer> {
    await writable(this.prisma.db, customerId, viewerOf(user));
    const minutes = Math.max(1, await this.settings.get('customer.bindCodeMinutes'));
    const code = randomBytes(16).toString('hex');
    const now = new Date();
    await this.prisma.db.customerBindCode.create({
      // kept as its hash: a dump holds no code that would bind
      data: { code: storedId(code), customerId, createdBy: user.userId, createdAt: now, expiresAt: new Date(now.getTime() + minutes * 60_000) },
    });
    // {PUBLIC_BASE_URL}: the address customers reach this installation at, else the one the salesman used
    const base = (await this.settings.get('customer.wechatBindUrl')).replace(PUBLIC_BASE_URL_PLACEHOLDER, this.config.publicBaseUrl ?? origin);
    const wechatUrl = `${base}${encodeURIComponent(code)}`;
    const { default: QRCode } = await import('qrcode'); // on first use: not held by a server that never binds
    return {
      bind_code: code,
      expire_seconds: minutes * 60,
      lefeng_url: await QRCode.toDataURL(wechatUrl, { errorCorrectionLevel: 'M', margin: 2, width: 256 }),
      wechat_url: wechatUrl,
    };
  }

  /**
   * Consumes a binding code for a mini-program account. The code is used up in the same transaction
   * that binds, so a second use (or a concurrent one) is refused. An account bound to another customer
   * must be unbound first; binding again to the same customer only refreshes its nickname and avatar.
   */
  async bind(dto: WechatBindDto): Promise<WechatBindAnswer> {
    return this.prisma.db.$transaction(async (tx) => {
      const customer = await useBindCode(tx, dto.bindCode, dto.openId, 'bindCode');
      const existing = await tx.customerWechat.findUnique({ where: { openId: dto.openId } });
      if (existing && existing.customerId !== customer.id) throw new FieldErrors({ openId: [t('wechatBoundElsewhere')] });
      const profile = { nickname: dto.nickname ?? null, avatarUrl: dto.avatarUrl ?? null };
      const account = existing
        ? await tx.customerWechat.update({ where: { id: existing.id }, data: profile })
        : await tx.customerWechat.create({ data: { customerId: customer.id, openId: dto.openId, ...profile } });
      return { id: account.id, customerId: customer.id, companyName: customer.companyName, openId: account.openId, nickname: account.nickname };
    });
  }

  /** Bound accounts of the caller's customers (or of one of them), latest bound first. */
  async list(query: WechatListQueryDto, user: Principal): Promise<Page<WechatAccount>> {
    const filters: Prisma.CustomerWechatWhereInput = {};
    if (query.customerId !== undefined) filters.customerId = query.customerId;
    if (query.key) filters.OR = anyContaining(query.key, 'nickname', 'openId');
    const where: Prisma.CustomerWechatWhereInput = { AND: [{ customer: ownScope(viewerOf(user)) }, filters] };
    const [rows, total] = await Promise.all([
      this.prisma.db.customerWechat.findMany({
        where,
        include: { customer: { select: { code: true, companyName: true } }, ...PORTAL_OF_WECHAT },
        orderBy: [{ boundAt: 'desc' }, { id: 'desc' }],
        ...skipTake(query),
      }),
      this.prisma.db.customerWechat.count({ where }),
    ]);
    return toPage(
      rows.map((row) => wechatView(row, row.customer)),
      total,
      query,
    );
  }

  /**
   * Unbinds an account of one of the caller's customers; its live mini-program connections are closed. A
   * portal account's row takes the portal account and its sessions with it (foreign keys, on delete cascade).
   */
  async unbind(id: number, user: Principal): Promise<void> {
    await this.prisma.db.customerWechat.delete({ where: { id, customer: ownScope(viewerOf(user)) } });
    for (const c of await this.hub.online()) if (c.customerWechatId === id) await this.hub.closeConnection(c.connectionId, t('wechatUnbound'));
  }

  /**
   * Closes one live hub connection (the client does not reconnect by itself): a mini-program connection
   * of one of the caller's customers, or, for holders of customers:all, any connection. Anything else
   * is not the caller's to close (404).
   */
  async closeConnection(connectionId: string, user: Principal): Promise<void> {
    if (!CONNECTION_ID.test(connectionId)) throw new FieldErrors({ connectionId: [t('customerConnectionInvalid')] });
    const viewer = viewerOf(user);
    const live = (await this.hub.online()).find((c) => c.connectionId === connectionId);
    if (!live) throw AppError.notFound();
    if (!viewer.seesAll) {
      const own = live.customerId !== undefined && (await this.prisma.db.customer.count({ where: { AND: [ownScope(viewer), { id: live.customerId }] } })) > 0;
      if (!own) throw AppError.notFound();
    }
    // a portal account's connection: its sessions end too, so the portal signs out rather than reconnects
    if (live.customerWechatId !== undefined) {
      const portal = await this.prisma.db.portalAccount.findUnique({ where: { wechatId: live.customerWechatId }, select: { id: true } });
      if (portal) await this.portal.endAll(portal.id, 'forced');
    }
    await this.hub.closeConnection(connectionId, t('customerForcedOffline'));
  }
}
