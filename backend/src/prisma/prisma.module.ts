import { Global, Module } from '@nestjs/common';
import type { PrismaClient } from '../generated/prisma/client.js';
import { AuditWriter } from '../audit/audit-writer.js';
import { AuditService } from '../audit/audit.service.js';
import { ErrorLog } from '../common/error-log.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { poolOf } from './base-client.js';
import { createBaseClient, PrismaService } from './prisma.service.js';
import { BASE_CLIENT } from './tokens.js';

@Global()
@Module({
  providers: [
    {
      provide: BASE_CLIENT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        createBaseClient(config.databaseUrl, config.databasePoolSize, { timeout: config.transactionTimeoutMs, maxWait: config.transactionMaxWaitMs }),
    },
    { provide: AuditWriter, inject: [BASE_CLIENT], useFactory: (client: PrismaClient) => new AuditWriter(poolOf(client)) },
    AuditService,
    { provide: ErrorLog, useExisting: AuditService },
    PrismaService,
  ],
  exports: [PrismaService, AuditService, ErrorLog],
})
export class PrismaModule {}
