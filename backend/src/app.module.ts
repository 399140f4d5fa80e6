import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_PIPE, DiscoveryModule } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { AdminModule } from './admin/admin.module.js';
import { ApiDocsModule } from './openapi/api-docs.module.js';
import { AuthModule } from './auth/auth.module.js';
import { ClusterModule } from './cluster/cluster.module.js';
import { CustomersModule } from './customers/customers.module.js';
import { AllExceptionsFilter } from './common/exception.filter.js';
import { createValidationPipe } from './common/validation.js';
import { RouteIndex } from './common/route-index.js';
import { APP_CONFIG, type AppConfig } from './config/app-config.js';
import { FilesModule } from './files/files.module.js';
import { FinanceModule } from './finance/finance.module.js';
import { HubModule } from './hub/hub.module.js';
import { IdempotencyModule } from './idempotency/idempotency.module.js';
import { DiskModule } from './operations/disk/disk.module.js';
import { HealthModule } from './operations/health/health.module.js';
import { MetricsModule } from './operations/metrics/metrics.module.js';
import { OrderDocumentsModule } from './orders/documents/documents.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { ShipTypeModule } from './orders/ship-type/ship-type.module.js';
import { PortalModule } from './portal/portal.module.js';
import { PortsModule } from './ports/ports.module.js';
import { PreferencesModule } from './preferences/preferences.module.js';
import { PricesModule } from './prices/prices.module.js';
import { PrismaModule } from './prisma/prisma.module.js';
import { QuestionsModule } from './questions/questions.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { SettingsModule } from './settings/settings.module.js';
import { WorkbenchModule } from './workbench/workbench.module.js';

/** Wiring only: the configuration, the cross-cutting pieces, and one module per area. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        DiscoveryModule,
        ScheduleModule.forRoot(),
        PrismaModule,
        ClusterModule,
        SettingsModule,
        AuthModule,
        HubModule,
        RealtimeModule,
        FilesModule,
        IdempotencyModule,
        AdminModule,
        WorkbenchModule,
        PreferencesModule,
        CustomersModule,
        PortsModule,
        PricesModule,
        QuestionsModule,
        ShipTypeModule,
        OrdersModule,
        NotificationsModule,
        FinanceModule,
        OrderDocumentsModule,
        PortalModule,
        ApiDocsModule,
        HealthModule,
        DiskModule,
        MetricsModule,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        RouteIndex,
      ],
      exports: [APP_CONFIG],
    };
  }
}
