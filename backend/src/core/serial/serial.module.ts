import { Module } from '@nestjs/common';
import { SerialController } from './serial.controller.js';
import { SERIAL_CLOCK, SerialService, type Clock } from './serial.service.js';

/**
 * Serial numbers, the one module: SerialService.next numbers orders, customers and finance records, and
 * SerialController serves the /log/serial screen that edits the sequences.
 */
@Module({
  controllers: [SerialController],
  providers: [SerialService, { provide: SERIAL_CLOCK, useValue: (() => new Date()) satisfies Clock }],
  exports: [SerialService],
})
export class SerialModule {}
