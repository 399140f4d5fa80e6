import { Module } from '@nestjs/common';
import { BackupModule } from '../backup/backup.module.js';
import { HealthRoute } from './health-route.js';
import { HealthService } from './health.service.js';

/** Liveness and readiness of this instance (docs/monitoring.md); app.factory mounts HealthRoute. */
@Module({
  imports: [BackupModule],
  providers: [HealthService, HealthRoute],
  exports: [HealthRoute],
})
export class HealthModule {}
