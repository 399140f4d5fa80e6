import { Module } from '@nestjs/common';
import { BbsController } from './bbs.controller.js';
import { BbsService } from './bbs.service.js';

/** The order issue board (docs/bbs.md); the hub comes from the global HubModule. */
@Module({ controllers: [BbsController], providers: [BbsService], exports: [BbsService] })
export class BbsModule {}
