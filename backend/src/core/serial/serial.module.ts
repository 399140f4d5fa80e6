import { Module } from '@nestjs/common';
import { SERIAL_CLOCK, SerialService, type Clock } from './serial.service.js';

/**
 * Serial numbers: SerialService.next numbers orders, customers and finance records; admin/serial edits the
 * sequences (/log/serial).
 */
@Module({
  providers: [SerialService, { provide: SERIAL_CLOCK, useValue: (() => new Date()) satisfies Clock }],
  exports: [SerialService],
})
export class SerialModule {}
