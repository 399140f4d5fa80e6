import { Module } from '@nestjs/common';
import { ShipTypeController } from './ship-type.controller.js';

@Module({ controllers: [ShipTypeController] })
export class ShipTypeModule {}
