import { Module } from '@nestjs/common';
import { SerialModule } from '../admin/serial/serial.module.js';
import { PricesModule } from '../prices/prices.module.js';
import { OrdersController } from './order/orders.controller.js';
import { OrdersService } from './order/orders.service.js';
import { OrderTrackController } from './track/order-track.controller.js';
import { OrderTrackService } from './track/order-track.service.js';

/** Orders of the three lines (docs/orders.md): the orders, their stage moves and side states, the timeline. */
@Module({
  imports: [SerialModule, PricesModule],
  controllers: [OrdersController, OrderTrackController],
  providers: [OrdersService, OrderTrackService],
})
export class OrdersModule {}
