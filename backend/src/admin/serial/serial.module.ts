import { Module } from '@nestjs/common';
import { SerialController } from './serial.controller.js';
import { SERIAL_CLOCK, SerialService, type Clock } from './serial.service.js';

/** Serial number coding (/log/serial); SerialService.next numbers orders and finance records. */
@Module({
  controllers: [SerialController],
  providers: [SerialService, { provide: SERIAL_CLOCK, useValue: (() => new Date()) satisfies Clock }],
  exports: [SerialService],
})
export class SerialModule {}
