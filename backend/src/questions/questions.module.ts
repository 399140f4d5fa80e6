// the rows of the operation log its users see, registered when loaded
import './question-log-scopes.js';
import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module.js';
import { QuestionsController } from './questions.controller.js';
import { QuestionsService } from './questions.service.js';

@Module({ imports: [FilesModule], controllers: [QuestionsController], providers: [QuestionsService] })
export class QuestionsModule {}
