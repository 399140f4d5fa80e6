import { Body, Controller, Delete, Post, Put } from '@nestjs/common';
import { CurrentUser, Perm, type Principal } from '../common/access.decorators.js';
import { Idempotent } from '../common/idempotent.js';
import { IdParam } from '../common/params.js';
import { ResourceController } from '../common/resource-routes.js';
import { AddAnswerDto, AddQuestionDto, ListQuestionsDto, UpdateAnswerDto, UpdateQuestionDto } from './questions.dto.js';
import { QuestionsService } from './questions.service.js';

/**
 * The questions forum (/question/add, notreply, reply, all). Editing and deleting admit the authors (who
 * hold question:add or question:reply) and the holders of question:modify / question:delete; the service
 * then refuses an author's code for someone else's record.
 */
@Controller('question')
export class QuestionsController extends ResourceController(QuestionsService, {
  list: { perm: ['question:list'], body: ListQuestionsDto },
  detail: { perm: ['question:detail'] },
  add: { perm: ['question:add'], body: AddQuestionDto },
  update: { perm: ['question:add', 'question:modify'], body: UpdateQuestionDto },
  remove: { perm: ['question:add', 'question:delete'] },
}) {
  @Perm('question:reply')
  @Put('answer/add/:questionId')
  @Idempotent()
  addAnswer(@IdParam('questionId') questionId: number, @Body() dto: AddAnswerDto, @CurrentUser() user: Principal) {
    return this.service.addAnswer(questionId, dto, user);
  }

  @Perm('question:reply', 'question:modify')
  @Post('answer/update')
  updateAnswer(@Body() dto: UpdateAnswerDto, @CurrentUser() user: Principal) {
    return this.service.updateAnswer(dto, user);
  }

  @Perm('question:reply', 'question:delete')
  @Delete('answer/delete/:id')
  async removeAnswer(@IdParam() id: number, @CurrentUser() user: Principal) {
    await this.service.removeAnswer(id, user);
    return null;
  }
}
