import { Module } from '@nestjs/common';
import { SerialModule } from '../../core/serial/serial.module.js';
import { SerialController } from './serial.controller.js';

/** Serial number coding (/log/serial): the screens' endpoints over the core's sequences. */
@Module({
  imports: [SerialModule],
  controllers: [SerialController],
})
export class SerialAdminModule {}
