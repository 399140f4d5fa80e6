import { Module } from '@nestjs/common';
import { BackupModule } from '../../operations/backup/backup.module.js';
import { DeployController } from './deploy.controller.js';
import { DeployService } from './deploy.service.js';

@Module({ imports: [BackupModule], controllers: [DeployController], providers: [DeployService] })
export class DeployModule {}
