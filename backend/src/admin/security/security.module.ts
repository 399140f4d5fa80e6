import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { SecurityController } from './security.controller.js';
import { SecurityService } from './security.service.js';

@Module({ imports: [DiscoveryModule], controllers: [SecurityController], providers: [SecurityService] })
export class SecurityModule {}
