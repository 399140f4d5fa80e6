// the area's messages, registered when loaded
import './bbs.messages.js';
import { Module } from '@nestjs/common';
import { FilesModule } from '../../files/files.module.js';
import { BbsController } from './bbs.controller.js';
import { BbsService } from './bbs.service.js';

/** The order issue board (docs/bbs.md); the hub comes from the global HubModule. */
@Module({ imports: [FilesModule], controllers: [BbsController], providers: [BbsService], exports: [BbsService] })
export class BbsModule {}
