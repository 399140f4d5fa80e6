import { Body, Controller, Param, Post } from '@nestjs/common';
import { CurrentUser, Perm, type Principal } from '../../common/access.decorators.js';
import { Idempotent } from '../../common/idempotent.js';
import { IdParam } from '../../common/params.js';
import { TrackInsertDto, TrackUpdateDto } from '../order/orders.dto.js';
import { OrderTrackService } from './order-track.service.js';

@Controller('order/track')
export class OrderTrackController {
  constructor(private readonly tracks: OrderTrackService) {}

  @Perm('order:track')
  @Post('insert')
  @Idempotent()
  insert(@Body() dto: TrackInsertDto, @CurrentUser() user: Principal) {
    return this.tracks.insert(dto, user);
  }

  @Perm('order:track')
  @Post('update/:id')
  update(@IdParam() id: number, @Body() dto: TrackUpdateDto, @CurrentUser() user: Principal) {
    return this.tracks.update(id, dto, user);
  }

  @Perm('order:track', 'order:detail')
  @Post('list/:orderId')
  list(@IdParam('orderId') orderId: number, @CurrentUser() user: Principal) {
    return this.tracks.list(orderId, user);
  }

  @Perm('order:track', 'order:detail')
  @Post('no/list/:orderNo')
  listByNo(@Param('orderNo') orderNo: string, @CurrentUser() user: Principal) {
    return this.tracks.listByNo(orderNo, user);
  }
}
