import { customerStage, HUB_EVENTS, type OrderStagePush } from '@forwarder/domain';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { TokenService } from '../auth/token.service.js';
import type { PortalPrincipal } from '../common/access.decorators.js';
import { HubService } from '../hub/hub.service.js';
import { OrderStageEvents } from '../orders/order/order-stage-events.js';
import { StageWording } from '../orders/order/stage-names.js';
import { PrismaService } from '../prisma/prisma.service.js';
import type { PortalHubToken } from './portal.dto.js';
import { DictService } from '../admin/dict/dict.service.js';

const logger = new Logger('PortalLive');

/**
 * The open portal (docs/portal.md, Live): its hub token (a connection `client=miniprogram` of the account's
 * bound row, so the staff's online list, 强制下线 and unbinding see it), and ReceiveOrderStage pushed to a
 * customer's own open connections when one of their orders moves, never to another customer's.
 */
@Injectable()
export class PortalLiveService implements OnModuleInit {
  constructor(
    private readonly prisma: PrismaService,
    private readonly dict: DictService,
    private readonly tokens: TokenService,
    private readonly hub: HubService,
    private readonly stageEvents: OrderStageEvents,
  ) {}

  onModuleInit() {
    this.stageEvents.onMoved(({ orderIds }) => this.pushMoves(orderIds).catch((error: unknown) => logger.warn(`ReceiveOrderStage not sent: ${String(error)}`)));
  }

  /** The hub token of the caller's session: accepted while the session lives (sign-out and 强制下线 end it). */
  hubToken(p: PortalPrincipal): Promise<PortalHubToken> {
    return this.tokens.issueWechat(p.wechatId, p.customerId, p.sid);
  }

  /** Tells each moved order's customer's open connections (every process's), in the language of each account. */
  async pushMoves(orderIds: number[]): Promise<void> {
    const live = (await this.hub.online()).filter((c) => c.customerId !== undefined && c.customerWechatId !== undefined);
    if (!live.length) return;
    const orders = await this.prisma.db.order.findMany({
      where: { id: { in: orderIds }, customerId: { in: [...new Set(live.map((c) => c.customerId!))] } },
      select: { id: true, orderNo: true, shipType: true, stage: true, customerId: true },
    });
    if (!orders.length) return;
    const [words, accounts] = await Promise.all([
      StageWording.load(this.dict),
      this.prisma.db.portalAccount.findMany({ where: { wechatId: { in: live.map((c) => c.customerWechatId!) } }, select: { wechatId: true, lang: true } }),
    ]);
    const langOf = new Map(accounts.map((a) => [a.wechatId, a.lang === 'en' ? ('en' as const) : ('zh' as const)]));
    for (const connection of live) {
      const lang = langOf.get(connection.customerWechatId!) ?? 'zh';
      for (const order of orders.filter((o) => o.customerId === connection.customerId)) {
        const stage = customerStage(order.stage);
        const push: OrderStagePush = { line: order.shipType, id: order.id, orderNo: order.orderNo, stage, stageName: words.stage(order.shipType, stage, lang) };
        await this.hub.sendToConnection(connection.connectionId, HUB_EVENTS.orderStage, push);
      }
    }
  }
}
