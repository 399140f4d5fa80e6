import { Global, Module } from '@nestjs/common';
import { AuditService } from '../audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { createBaseClient, PrismaService } from './prisma.service.js';
import { BASE_CLIENT } from './tokens.js';

@Global()
@Module({
  providers: [
    { provide: BASE_CLIENT, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createBaseClient(config.databaseUrl, config.databasePoolSize) },
    AuditService,
    PrismaService,
  ],
  exports: [PrismaService, AuditService],
})
export class PrismaModule {}
