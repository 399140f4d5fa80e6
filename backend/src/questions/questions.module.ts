import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module.js';
import { QuestionsController } from './questions.controller.js';
import { QuestionsService } from './questions.service.js';

@Module({ imports: [FilesModule], controllers: [QuestionsController], providers: [QuestionsService] })
export class QuestionsModule {}
