import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { CurrentUser, Perm, type Principal } from '../common/access.decorators.js';
import { IdParam } from '../common/params.js';
import { AddAnswerDto, AddQuestionDto, ListQuestionsDto, UpdateAnswerDto, UpdateQuestionDto } from './questions.dto.js';
import { QuestionsService } from './questions.service.js';

/**
 * The questions forum (/question/add, notreply, reply, all). Editing and deleting admit the authors (who
 * hold question:add or question:reply) and the holders of question:modify / question:delete; the service
 * then refuses an author's code for someone else's record.
 */
@Controller('question')
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  @Perm('question:list')
  @Post('list')
  list(@Body() query: ListQuestionsDto) {
    return this.questions.list(query);
  }

  @Perm('question:detail')
  @Get('detail/:id')
  detail(@IdParam() id: number) {
    return this.questions.detail(id);
  }

  @Perm('question:add')
  @Put('add')
  add(@Body() dto: AddQuestionDto, @CurrentUser() user: Principal) {
    return this.questions.add(dto, user);
  }

  @Perm('question:add', 'question:modify')
  @Post('update')
  update(@Body() dto: UpdateQuestionDto, @CurrentUser() user: Principal) {
    return this.questions.update(dto, user);
  }

  @Perm('question:add', 'question:delete')
  @Delete('delete/:id')
  async remove(@IdParam() id: number, @CurrentUser() user: Principal) {
    await this.questions.remove(id, user);
    return null;
  }

  @Perm('question:reply')
  @Put('answer/add/:questionId')
  addAnswer(@IdParam('questionId') questionId: number, @Body() dto: AddAnswerDto, @CurrentUser() user: Principal) {
    return this.questions.addAnswer(questionId, dto, user);
  }

  @Perm('question:reply', 'question:modify')
  @Post('answer/update')
  updateAnswer(@Body() dto: UpdateAnswerDto, @CurrentUser() user: Principal) {
    return this.questions.updateAnswer(dto, user);
  }

  @Perm('question:reply', 'question:delete')
  @Delete('answer/delete/:id')
  async removeAnswer(@IdParam() id: number, @CurrentUser() user: Principal) {
    await this.questions.removeAnswer(id, user);
    return null;
  }
}
