import { Global, Module } from '@nestjs/common';
import { ImportLimits } from './import-limits.service.js';
import { SettingsService } from './settings.service.js';

@Global()
@Module({ providers: [SettingsService, ImportLimits], exports: [SettingsService, ImportLimits] })
export class SettingsModule {}
