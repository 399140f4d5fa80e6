// the endpoint's messages, registered when loaded
import './metrics.messages.js';
import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { MetricsRoute } from './metrics-route.js';
import { MetricsService } from './metrics.service.js';
import { TransferInterceptor } from './transfer.interceptor.js';

/** Prometheus metrics (docs/monitoring.md); app.factory mounts MetricsRoute and the request counting when METRICS_TOKEN is set. */
@Module({
  providers: [MetricsService, MetricsRoute, { provide: APP_INTERCEPTOR, useClass: TransferInterceptor }],
  exports: [MetricsService, MetricsRoute],
})
export class MetricsModule {}
