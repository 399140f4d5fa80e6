import { Controller, Get, Post } from '@nestjs/common';
import { CurrentUser, Perm, type Principal } from '../../common/access.decorators.js';
import { IdParam } from '../../common/params.js';
import { PublicTrackingService } from './public-tracking.service.js';

/** The order's public tracking link, in the order detail: staff who may see the order read it, those who may edit it renew or revoke it. */
@Controller('order/tracking')
export class PublicTrackingController {
  constructor(private readonly tracking: PublicTrackingService) {}

  /** The order's public tracking link and how long it is valid. */
  @Perm('order:detail')
  @Get(':orderId')
  link(@IdParam('orderId') orderId: number, @CurrentUser() user: Principal) {
    return this.tracking.link(orderId, user);
  }

  /** Makes a new tracking link for the order (the old one stops working). */
  @Perm('order:modify')
  @Post('renew/:orderId')
  renew(@IdParam('orderId') orderId: number, @CurrentUser() user: Principal) {
    return this.tracking.renew(orderId, user);
  }

  /** Revokes the order's tracking link. */
  @Perm('order:modify')
  @Post('revoke/:orderId')
  revoke(@IdParam('orderId') orderId: number, @CurrentUser() user: Principal) {
    return this.tracking.revoke(orderId, user);
  }
}
