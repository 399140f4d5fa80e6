// the area's messages, registered when loaded
import './cargo/cargo.messages.js';
import './order/orders.messages.js';
import './public-tracking/public-tracking.messages.js';
// the rows of the operation log its users see, registered when loaded
import './order/order-log-scopes.js';
import { Module } from '@nestjs/common';
import { SerialModule } from '../core/serial/serial.module.js';
import { PricesModule } from '../prices/prices.module.js';
import { IssueBoardModule } from './issue-board/issue-board.module.js';
import { CargoController } from './cargo/cargo.controller.js';
import { CargoService } from './cargo/cargo.service.js';
import { OrdersController } from './order/orders.controller.js';
import { OrderStageEvents } from './order/order-stage-events.js';
import { OrdersService } from './order/orders.service.js';
import { OrderTimelineController } from './timeline/order-timeline.controller.js';
import { OrderTimelineService } from './timeline/order-timeline.service.js';
import { PublicTrackingController } from './public-tracking/public-tracking.controller.js';
import { PublicTrackingRoute } from './public-tracking/public-tracking-route.js';
import { PublicTrackingService } from './public-tracking/public-tracking.service.js';
import { WorkController } from './work/work.controller.js';
import { WorkService } from './work/work.service.js';

/** Orders of the three lines (docs/orders.md): the orders, their stage moves and side states, the timeline. */
@Module({
  imports: [SerialModule, PricesModule, IssueBoardModule],
  controllers: [OrdersController, OrderTimelineController, PublicTrackingController, CargoController, WorkController],
  providers: [OrdersService, OrderStageEvents, OrderTimelineService, PublicTrackingService, PublicTrackingRoute, CargoService, WorkService],
  exports: [OrdersService, OrderStageEvents, PublicTrackingService, PublicTrackingRoute],
})
export class OrdersModule {}
