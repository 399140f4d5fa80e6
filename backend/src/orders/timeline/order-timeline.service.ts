import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/access.decorators.js';
import { AppError } from '../../common/app-error.js';
import { requestContext } from '../../common/request-context.js';
import { updateWithVer } from '../../common/ver.js';
import type { OrderTrack } from '../../generated/prisma/client.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import type { TrackInsertDto, TrackUpdateDto } from '../order/orders.dto.js';
import { orderScope, ordersInScope } from '../order/order-scope.js';
import { StageWording } from '../order/stage-names.js';
import { timelineText } from './timeline-text.js';
import { DictService } from '../../admin/dict/dict.service.js';

/** An event of the order's timeline. */
export type TrackView = OrderTrack;

/**
 * The order's timeline. Stage moves, holds and revokes write their own events (kind other than manual);
 * staff add manual events (a location scan, a call with the consignee) and may correct only those.
 */
@Injectable()
export class OrderTimelineService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly dict: DictService,
  ) {}

  async insert(dto: TrackInsertDto, user: Principal): Promise<TrackView> {
    const order = await this.prisma.db.order.findFirst({ where: ordersInScope(user, { id: dto.orderId }), select: { id: true, stage: true, sideState: true } });
    if (!order) throw AppError.notFound();
    if (order.sideState === 'delete') throw AppError.badRequest('orderVoided');
    return this.prisma.db.orderTrack.create({
      data: {
        orderId: order.id,
        kind: 'manual',
        stage: order.stage,
        content: dto.content,
        location: dto.location ?? null,
        occurredAt: dto.occurredAt ? new Date(dto.occurredAt) : new Date(),
        createdBy: user.userId,
      },
    });
  }

  async update(id: number, dto: TrackUpdateDto, user: Principal): Promise<TrackView> {
    const track = await this.prisma.db.orderTrack.findFirst({ where: { id, order: orderScope(user) } });
    if (!track) throw AppError.notFound();
    if (track.kind !== 'manual') throw AppError.badRequest('orderTrackNotManual');
    return updateWithVer(this.prisma.db.orderTrack, id, dto.ver, {
      content: dto.content,
      location: dto.location === undefined ? undefined : dto.location,
      occurredAt: dto.occurredAt ? new Date(dto.occurredAt) : undefined,
    });
  }

  /** The timeline, oldest event first; the system's events worded in the caller's language (timeline-text.ts). */
  async list(orderId: number, user: Principal): Promise<TrackView[]> {
    const order = await this.prisma.db.order.findFirst({ where: ordersInScope(user, { id: orderId }), select: { id: true, shipType: true } });
    if (!order) throw AppError.notFound();
    const events = await this.prisma.db.orderTrack.findMany({ where: { orderId }, orderBy: [{ occurredAt: 'asc' }, { id: 'asc' }] });
    const lang = requestContext.lang();
    if (lang === 'zh') return events;
    const words = await StageWording.load(this.dict);
    return events.map((event) => ({ ...event, content: timelineText(event, order.shipType, words, lang) }));
  }

  async listByNo(orderNo: string, user: Principal): Promise<TrackView[]> {
    const order = await this.prisma.db.order.findFirst({ where: ordersInScope(user, { orderNo }), select: { id: true } });
    if (!order) throw AppError.notFound();
    return this.list(order.id, user);
  }
}
