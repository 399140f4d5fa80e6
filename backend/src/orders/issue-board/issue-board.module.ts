// the area's messages, registered when loaded
import './issue-board.messages.js';
import { Module } from '@nestjs/common';
import { FilesModule } from '../../files/files.module.js';
import { IssueBoardController } from './issue-board.controller.js';
import { IssueBoardService } from './issue-board.service.js';

/** The order issue board (docs/issue-board.md); the hub comes from the global HubModule. */
@Module({ imports: [FilesModule], controllers: [IssueBoardController], providers: [IssueBoardService], exports: [IssueBoardService] })
export class IssueBoardModule {}
