import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module.js';
import { PortalAccountsService } from './portal-accounts.service.js';
import { PortalLiveService } from './portal-live.service.js';
import { PortalOrdersService } from './portal-orders.service.js';
import { PortalController } from './portal.controller.js';

/** The customer portal's server side (docs/portal.md): its accounts and sessions, the customer's own orders and amounts, pre-alerts, live pushes. */
@Module({
  imports: [OrdersModule],
  controllers: [PortalController],
  providers: [PortalAccountsService, PortalOrdersService, PortalLiveService],
})
export class PortalModule {}
