import { Module } from '@nestjs/common';
import { FilesModule } from '../../files/files.module.js';
import { LogRecordsService } from './log-records.service.js';
import { LOG_PURGE_SCHEDULED, LogRetentionService, readPurgeScheduled } from './log-retention.service.js';
import { LogController } from './log.controller.js';
import { LogService } from './log.service.js';

/** The log screens (/log/*) and the retention of the audit trail. */
@Module({
  imports: [FilesModule],
  controllers: [LogController],
  providers: [LogService, LogRecordsService, LogRetentionService, { provide: LOG_PURGE_SCHEDULED, useFactory: () => readPurgeScheduled() }],
})
export class LogModule {}
