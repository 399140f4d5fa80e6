// the rows of the operation log its users see, registered when loaded
import './customer-log-scopes.js';
import { Module } from '@nestjs/common';
import { SerialModule } from '../core/serial/serial.module.js';
import { CUSTOMER_POOL_SCHEDULED, CustomerPoolService, readPoolScheduled } from './customer-pool.service.js';
import { CustomerWechatService } from './customer-wechat.service.js';
import { CustomersController } from './customers.controller.js';
import { CustomersService } from './customers.service.js';
import { readGatewaySecret, WECHAT_GATEWAY_SECRET, WechatGatewayGuard } from './wechat-gateway.guard.js';

/** Customers (/customers/*): life cycle, public pool, mini-program binding. */
@Module({
  imports: [SerialModule],
  controllers: [CustomersController],
  providers: [
    CustomersService,
    CustomerPoolService,
    CustomerWechatService,
    WechatGatewayGuard,
    { provide: CUSTOMER_POOL_SCHEDULED, useFactory: () => readPoolScheduled() },
    { provide: WECHAT_GATEWAY_SECRET, useFactory: () => readGatewaySecret() },
  ],
  exports: [CustomersService],
})
export class CustomersModule {}
