import { Body, Controller, Param, Post } from '@nestjs/common';
import { CurrentUser, Perm, type Principal } from '../../common/access.decorators.js';
import { Idempotent } from '../../common/idempotent.js';
import { IdParam } from '../../common/params.js';
import { TrackInsertDto, TrackUpdateDto } from '../order/orders.dto.js';
import { OrderTimelineService } from './order-timeline.service.js';

/** An order's timeline (物流轨迹): stage moves, holds and releases, position reports. */
@Controller('order/track')
export class OrderTimelineController {
  constructor(private readonly tracks: OrderTimelineService) {}

  /** Adds a position report to an order's timeline. */
  @Perm('order:track')
  @Post('insert')
  @Idempotent()
  insert(@Body() dto: TrackInsertDto, @CurrentUser() user: Principal) {
    return this.tracks.insert(dto, user);
  }

  /** Corrects a position report of an order's timeline. */
  @Perm('order:track')
  @Post('update/:id')
  update(@IdParam() id: number, @Body() dto: TrackUpdateDto, @CurrentUser() user: Principal) {
    return this.tracks.update(id, dto, user);
  }

  /** The timeline of an order: stage moves, holds and releases, position reports. */
  @Perm('order:track', 'order:detail')
  @Post('list/:orderId')
  list(@IdParam('orderId') orderId: number, @CurrentUser() user: Principal) {
    return this.tracks.list(orderId, user);
  }

  /** The timeline of an order found by its number. */
  @Perm('order:track', 'order:detail')
  @Post('no/list/:orderNo')
  listByNo(@Param('orderNo') orderNo: string, @CurrentUser() user: Principal) {
    return this.tracks.listByNo(orderNo, user);
  }
}
