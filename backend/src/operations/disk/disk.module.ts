import { Module } from '@nestjs/common';
import { DISK_FULL_ALARM } from '../../common/disk-full.js';
import { DiskAlarm } from './disk-alarm.service.js';

/** What a full disk sets off: the administrators' notice the exception filter raises (common/disk-full.ts). */
@Module({
  providers: [DiskAlarm, { provide: DISK_FULL_ALARM, useExisting: DiskAlarm }],
  exports: [DiskAlarm, DISK_FULL_ALARM],
})
export class DiskModule {}
