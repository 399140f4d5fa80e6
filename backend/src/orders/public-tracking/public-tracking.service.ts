import { type OrderStage, stampStands } from '@forwarder/domain';
import { Inject, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { ServerKeysService } from '../../auth/server-keys.service.js';
import type { Principal } from '../../common/access.decorators.js';
import { AppError } from '../../common/app-error.js';
import { storedId } from '../../common/stored-id.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { portNames } from '../../prisma/name-lookups.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { ordersInScope } from '../order/order-scope.js';
import { StageWording } from '../order/stage-names.js';
import type { PublicTrackingPageView } from './public-tracking-page.js';
import { DictService } from '../../admin/dict/dict.service.js';

/** A well-formed token: 22 base64url characters (132 bits, derived from the link's nonce: PublicTrackingService.tokens). */
export const TRACKING_TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** The tracking link as staff see it in the order detail. */
export interface TrackingLinkView {
  orderId: number;
  token: string;
  /** `{PUBLIC_BASE_URL}/t/{token}`; null when PUBLIC_BASE_URL is not configured */
  url: string | null;
  revoked: boolean;
  views: number;
  lastViewedAt: Date | null;
}

/** Timeline events shown on the public page, newest first, at most. */
const PUBLIC_EVENTS = 100;

/** What the server needs of a link row to show its token. */
export interface TrackingLinkRow {
  orderId: number;
  nonce: string;
  tokenHash: string | null;
}

/**
 * The public tracking link of each order (docs/order-documents.md, Tracking link): read, renewed and
 * revoked by staff within their scope; resolved for the public page, where every view is counted. A
 * link's token is not stored: it is derived from the row's nonce under the installation's tracking key
 * (sealed in server_key), and only its SHA-256 is kept, written before the token is first shown or printed,
 * so a database dump or a backup holds no link to a customer's shipment.
 */
@Injectable()
export class PublicTrackingService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly dict: DictService,
    private readonly keys: ServerKeysService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The tokens of these links by order id, to be shown or printed: the first 22 base64url characters of
   * HMAC-SHA-256 of "{orderId}:{nonce}" under the tracking key. The hash of a token not yet recorded is
   * stored first (the public page finds a link by it); a link renewed meanwhile keeps its new nonce.
   */
  async tokens(links: readonly TrackingLinkRow[]): Promise<Map<number, string>> {
    const key = await this.keys.trackingKey();
    const tokens = new Map<number, string>();
    for (const link of links) {
      const token = createHmac('sha256', key).update(`${link.orderId}:${link.nonce}`).digest('base64url').slice(0, 22);
      const hash = storedId(token);
      if (link.tokenHash !== hash) {
        await this.prisma.db.orderTrackingLink.updateMany({ where: { orderId: link.orderId, nonce: link.nonce }, data: { tokenHash: hash } });
      }
      tokens.set(link.orderId, token);
    }
    return tokens;
  }

  /** Whether the installation said where it is reached from outside (PUBLIC_BASE_URL): links can be printed. */
  get linksConfigured(): boolean {
    return this.config.publicBaseUrl !== undefined;
  }

  /** `{PUBLIC_BASE_URL}/t/{token}`, or null when the installation has not said where it is reached from outside. */
  publicUrl(token: string): string | null {
    return this.config.publicBaseUrl ? `${this.config.publicBaseUrl}/t/${token}` : null;
  }

  async link(orderId: number, user: Principal): Promise<TrackingLinkView> {
    await this.orderInScope(orderId, user);
    return this.linkOf(orderId);
  }

  /** A new token: the old link (and one from before tokens were derived) stops working at once; a revoked link works again under the new one. */
  async renew(orderId: number, user: Principal): Promise<TrackingLinkView> {
    await this.orderInScope(orderId, user);
    await this.prisma.db.$executeRaw`
      update order_tracking_link set nonce = new_tracking_token(), token_hash = null, legacy_token_hash = null, revoked_at = null, updated_at = now()
       where order_id = ${orderId}`;
    return this.linkOf(orderId);
  }

  async revoke(orderId: number, user: Principal): Promise<TrackingLinkView> {
    await this.orderInScope(orderId, user);
    await this.prisma.db.orderTrackingLink.update({ where: { orderId }, data: { revokedAt: new Date() } });
    return this.linkOf(orderId);
  }

  /**
   * What the public page shows for `token`, counting the view; null for a malformed, unknown or revoked
   * token alike. Only what a consignee may see: no money, no staff, no internal notes.
   */
  async publicView(token: string): Promise<PublicTrackingPageView | null> {
    if (!TRACKING_TOKEN.test(token)) return null;
    const hash = storedId(token);
    const [hit] = await this.prisma.db.$queryRaw<{ order_id: number }[]>`
      update order_tracking_link set views = views + 1, last_viewed_at = now()
      where (token_hash = ${hash} or legacy_token_hash = ${hash}) and revoked_at is null returning order_id`;
    if (!hit) return null;
    return this.publicViewOf(hit.order_id);
  }

  /**
   * What the public page shows of an order (no view counted): the customer portal shows the same timeline
   * to the order's customer (docs/portal.md).
   */
  async publicViewOf(orderId: number): Promise<PublicTrackingPageView | null> {
    const order = await this.prisma.db.order.findUnique({
      where: { id: orderId },
      select: {
        orderNo: true,
        shipType: true,
        stage: true,
        sideState: true,
        originPortId: true,
        destinationPortId: true,
        etd: true,
        eta: true,
        arrivedAt: true,
        deliveredAt: true,
        tracks: {
          orderBy: [{ occurredAt: 'desc' }, { id: 'desc' }],
          take: PUBLIC_EVENTS,
          select: { kind: true, stage: true, content: true, location: true, occurredAt: true },
        },
      },
    });
    if (!order) return null;
    const [ports, wording] = await Promise.all([portNames(this.prisma, [order.originPortId, order.destinationPortId]), StageWording.load(this.dict)]);
    const { tracks, originPortId, destinationPortId, arrivedAt, deliveredAt, ...shown } = order;
    const stage = order.stage as OrderStage;
    return {
      ...shown,
      // a stamp only once the stages made it: not one left from before a demotion, nor one typed on an order
      arrivedAt: stampStands(stage, 'arrivedAt') ? arrivedAt : null,
      deliveredAt: stampStands(stage, 'deliveredAt') ? deliveredAt : null,
      origin: ports.get(originPortId) ?? null,
      destination: ports.get(destinationPortId) ?? null,
      stageWords: (stage, lang) => wording.stage(order.shipType, stage, lang),
      events: tracks,
    };
  }

  /** The public page's address of an order for its own customer: null once staff revoked the link; a path on this server while PUBLIC_BASE_URL is not configured. */
  async customerUrl(orderId: number): Promise<string | null> {
    const row = await this.prisma.db.orderTrackingLink.findUnique({ where: { orderId } });
    if (!row || row.revokedAt) return null;
    const token = (await this.tokens([row])).get(orderId)!;
    return this.publicUrl(token) ?? `/t/${token}`;
  }

  private async orderInScope(orderId: number, user: Principal) {
    const order = await this.prisma.db.order.findFirst({ where: ordersInScope(user, { id: orderId }), select: { id: true } });
    if (!order) throw AppError.notFound();
  }

  private async linkOf(orderId: number): Promise<TrackingLinkView> {
    const row = await this.prisma.db.orderTrackingLink.findUniqueOrThrow({ where: { orderId } });
    const token = (await this.tokens([row])).get(orderId)!;
    return { orderId, token, url: this.publicUrl(token), revoked: row.revokedAt !== null, views: row.views, lastViewedAt: row.lastViewedAt };
  }
}
