// the area's messages, registered when loaded
import './cargo/cargo.messages.js';
import './order/orders.messages.js';
import './tracking/tracking.messages.js';
// the rows of the operation log its users see, registered when loaded
import './order/order-log-scopes.js';
import { Module } from '@nestjs/common';
import { SerialModule } from '../core/serial/serial.module.js';
import { PricesModule } from '../prices/prices.module.js';
import { BbsModule } from './bbs/bbs.module.js';
import { CargoController } from './cargo/cargo.controller.js';
import { CargoService } from './cargo/cargo.service.js';
import { OrdersController } from './order/orders.controller.js';
import { OrderStageEvents } from './order/order-stage-events.js';
import { OrdersService } from './order/orders.service.js';
import { OrderTrackController } from './track/order-track.controller.js';
import { OrderTrackService } from './track/order-track.service.js';
import { TrackingController } from './tracking/tracking.controller.js';
import { TrackingRoute } from './tracking/tracking-route.js';
import { TrackingService } from './tracking/tracking.service.js';
import { WorkController } from './work/work.controller.js';
import { WorkService } from './work/work.service.js';

/** Orders of the three lines (docs/orders.md): the orders, their stage moves and side states, the timeline. */
@Module({
  imports: [SerialModule, PricesModule, BbsModule],
  controllers: [OrdersController, OrderTrackController, TrackingController, CargoController, WorkController],
  providers: [OrdersService, OrderStageEvents, OrderTrackService, TrackingService, TrackingRoute, CargoService, WorkService],
  exports: [OrdersService, OrderStageEvents, TrackingService, TrackingRoute],
})
export class OrdersModule {}
