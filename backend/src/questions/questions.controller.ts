import { Body, Controller, Delete, Post, Put, Res } from '@nestjs/common';
import { CurrentUser, Perm, type Principal } from '../common/access.decorators.js';
import { Idempotent } from '../common/idempotent.js';
import { IdParam } from '../common/params.js';
import { ResourceController } from '../common/resource-routes.js';
import { AddAnswerDto, AddQuestionDto, ListQuestionsDto, QuestionListExportDto, UpdateAnswerDto, UpdateQuestionDto } from './questions.dto.js';
import { QuestionsService } from './questions.service.js';
import type { Response } from 'express';
import { ListExportRoute, streamListExport } from '../common/list-export.js';
import { QUESTION_EXPORT_COLUMNS } from './question-list-export.js';

/**
 * The questions forum (/question/add, notreply, reply, all). Editing and deleting admit the authors (who
 * hold question:add or question:reply) and the holders of question:modify / question:delete; the service
 * then refuses an author's code for someone else's record.
 */
@Controller('question')
export class QuestionsController extends ResourceController(QuestionsService, {
  list: { perm: ['question:list'], body: ListQuestionsDto, summary: 'The questions: unanswered, answered or all, newest first.' },
  detail: { perm: ['question:detail'], summary: 'A question with its answers, oldest answer first.' },
  add: { perm: ['question:add'], body: AddQuestionDto, summary: 'Asks a question.' },
  update: { perm: ['question:add', 'question:modify'], body: UpdateQuestionDto, summary: 'Edits a question (its author, or with question:modify).' },
  remove: { perm: ['question:add', 'question:delete'], summary: 'Deletes a question with its answers (its author, or with question:delete).' },
}) {
  /** Answers a question. */
  @Perm('question:reply')
  @Put('answer/add/:questionId')
  @Idempotent()
  addAnswer(@IdParam('questionId') questionId: number, @Body() dto: AddAnswerDto, @CurrentUser() user: Principal) {
    return this.service.addAnswer(questionId, dto, user);
  }

  /** Edits an answer (its author, or with question:modify). */
  @Perm('question:reply', 'question:modify')
  @Post('answer/update')
  updateAnswer(@Body() dto: UpdateAnswerDto, @CurrentUser() user: Principal) {
    return this.service.updateAnswer(dto, user);
  }

  /** Deletes an answer (its author, or with question:delete). */
  @Perm('question:reply', 'question:delete')
  @Delete('answer/delete/:id')
  async removeAnswer(@IdParam() id: number, @CurrentUser() user: Principal) {
    await this.service.removeAnswer(id, user);
    return null;
  }

  /** 导出当前列表: the list's rows (its filters, every page) as xlsx with the columns the user sees. */
  @ListExportRoute('list/export', 'questions', 'question:list')
  exportList(@Body() dto: QuestionListExportDto, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, 'questions', dto, QUESTION_EXPORT_COLUMNS, (query) => this.service.list(query));
  }
}
