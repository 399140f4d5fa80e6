// the endpoint's messages, registered when loaded
import './metrics.messages.js';
import { Global, Module } from '@nestjs/common';
import { TRANSFER_INTERCEPTOR } from '../../common/transfer.decorator.js';
import { MetricsRoute } from './metrics-route.js';
import { MetricsService } from './metrics.service.js';
import { TransferInterceptor } from './transfer.interceptor.js';

/**
 * Prometheus metrics (docs/monitoring.md); app.factory mounts MetricsRoute and the request counting when METRICS_TOKEN is set.
 * Global: the interceptor @Transfer binds to the routes marked so, in every area's module, hands their calls to TransferInterceptor.
 */
@Global()
@Module({
  providers: [MetricsService, MetricsRoute, { provide: TRANSFER_INTERCEPTOR, useClass: TransferInterceptor }],
  exports: [MetricsService, MetricsRoute, TRANSFER_INTERCEPTOR],
})
export class MetricsModule {}
