import { Body, Controller, Delete, Get, Post, Put, Res } from '@nestjs/common';
import { CurrentUser, Perm, type Principal } from '../../common/access.decorators.js';
import { Idempotent } from '../../common/idempotent.js';
import { WithMessage } from '../../common/envelope.js';
import { IdParam } from '../../common/params.js';
import {
  MyTaskExportDto,
  MyTaskPageDto,
  TaskAddDto,
  TaskFinishDto,
  TaskListDto,
  TaskPageDto,
  TaskStatusDto,
  TaskUpdateDto,
  WorkListDto,
  WorkLogExportDto,
  WorkRemarkDto,
} from './work.dto.js';
import { WorkService } from './work.service.js';
import type { Response } from 'express';
import { ListExportRoute, streamListExport } from '../../common/list-export.js';
import { TASK_EXPORT_COLUMNS } from './task-list-export.js';
import { StageWording } from '../order/stage-names.js';
import { workLogExportColumns } from './work-log-export.js';
import { DictService } from '../../admin/dict/dict.service.js';

/** Tasks on orders (`work/record/*`) and the work log (`work/list`, `work/update/*`); docs/orders.md, "Work". */
@Controller('order')
export class WorkController {
  constructor(
    private readonly work: WorkService,
    private readonly dict: DictService,
  ) {}

  /** Gives a task on an order to a colleague, with a due time. */
  @Perm('order:work')
  @Put('work/record/add/:orderId')
  @Idempotent()
  addTask(@IdParam('orderId') orderId: number, @Body() dto: TaskAddDto, @CurrentUser() user: Principal) {
    return this.work.addTask(orderId, dto, user);
  }

  /** Who a task on this order may be given to (the task dialog offers only them). */
  @Perm('order:work')
  @Get('work/record/assignees/:orderId')
  assignees(@IdParam('orderId') orderId: number, @CurrentUser() user: Principal) {
    return this.work.assignees(orderId, user);
  }

  /** The tasks of an order. */
  @Perm('order:work')
  @Post('work/record/list')
  orderTasks(@Body() dto: TaskListDto, @CurrentUser() user: Principal) {
    return this.work.orderTasks(dto.orderId, user);
  }

  /** The tasks of orders, filtered, a page at a time. */
  @Perm('order:work')
  @Post('work/record/list/page')
  taskPage(@Body() query: TaskPageDto, @CurrentUser() user: Principal) {
    return this.work.taskPage(query, user);
  }

  /** The caller's own tasks (the task inbox): open, overdue or done, by line and due time. */
  @Perm('order:work')
  @Post('work/record/mine')
  myTasks(@Body() query: MyTaskPageDto, @CurrentUser() user: Principal) {
    return this.work.myTasks(query, user);
  }

  /** The caller's open and overdue tasks (the top bar's badge and the inbox's tabs). */
  @Perm('order:work')
  @Get('work/record/mine/count')
  myTaskCounts(@CurrentUser() user: Principal) {
    return this.work.myTaskCounts(user);
  }

  /** Edits an open task: its text, assignee or due time. */
  @Perm('order:work')
  @Post('work/record/update')
  updateTask(@Body() dto: TaskUpdateDto, @CurrentUser() user: Principal) {
    return this.work.updateTask(dto, user);
  }

  /** Marks a task done, with a note. */
  @Perm('order:work')
  @Post('work/record/finish/:id')
  finishTask(@IdParam() id: number, @Body() dto: TaskFinishDto, @CurrentUser() user: Principal) {
    return this.work.finishTask(id, dto, user);
  }

  /** Deletes a task. */
  @Perm('order:work')
  @Delete('work/record/delete/:id')
  deleteTask(@IdParam() id: number, @CurrentUser() user: Principal) {
    return this.work.deleteTask(id, user);
  }

  /** The work log of an order (工作记录): each action on it, newest first. */
  @Perm('order:work')
  @Post('work/list')
  log(@Body() query: WorkListDto, @CurrentUser() user: Principal) {
    return this.work.log(query, user);
  }

  /** 导出当前列表 of the work log (an order's 工作记录): its filters and scope, the action and stages in words. */
  @ListExportRoute('work/list/export', 'work-log', 'order:work')
  async exportLog(@Body() dto: WorkLogExportDto, @CurrentUser() user: Principal, @Res({ passthrough: true }) res: Response) {
    const columns = workLogExportColumns(await StageWording.load(this.dict));
    return streamListExport(res, 'work-log', dto, columns, (query) => this.work.log(query, user));
  }

  /** Sets the work status of the ticked orders, all or none. */
  // Declared before work/update/:id so that "status" is not taken for an id.
  @Perm('order:work')
  @Post('work/update/status')
  async setStatus(@Body() dto: TaskStatusDto, @CurrentUser() user: Principal) {
    const { count, message } = await this.work.setStatus(dto, user);
    return new WithMessage({ count }, message);
  }

  /** Adds a remark to a work log entry. */
  @Perm('order:work')
  @Post('work/update/:id')
  remark(@IdParam() id: number, @Body() dto: WorkRemarkDto, @CurrentUser() user: Principal) {
    return this.work.remark(id, dto, user);
  }

  /** 导出当前列表: the list's rows (its filters, every page) as xlsx with the columns the user sees. */
  @ListExportRoute('work/record/mine/export', 'my-tasks', 'order:work')
  exportList(@Body() dto: MyTaskExportDto, @CurrentUser() user: Principal, @Res({ passthrough: true }) res: Response) {
    return streamListExport(res, 'my-tasks', dto, TASK_EXPORT_COLUMNS, (query) => this.work.myTasks(query, user));
  }
}
