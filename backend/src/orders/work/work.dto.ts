import { MY_TASK_TABS, SHIP_TYPES, TASK_STATUSES, type MyTaskTab, type ShipType, type TaskStatus } from '@forwarder/domain';
import { IsIn, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsId, IsIdList, IsInstant, IsVer } from '../../common/fields.js';
import { t } from '../../common/messages.js';
import { PageQueryDto } from '../../common/pagination.js';
import { BlankAsNull, Trimmed, RequiredText } from '../../common/transforms.js';
import { MAX_BATCH } from '../order/orders.dto.js';
import { ListExportOf } from '../../common/list-export.js';

export type { TaskStatus };

const id = () => IsId();
const ver = () => IsVer();
const time = () => IsInstant('orderTimeInvalid');
const content = () => RequiredText(500, 'orderTaskContentRequired');
const status = () => IsIn(TASK_STATUSES, { message: () => t('orderTaskStatusInvalid') });

/** A task on the order of the path for a staff member. */
export class TaskAddDto {
  @IsId('orderTaskAssigneeRequired') assigneeId!: number;
  @content() content!: string;
  @IsOptional() @time() dueAt?: string;
}

export class TaskListDto {
  @id() orderId!: number;
}

/** Tasks across orders: assigned to the caller unless `assigneeId` or `createdBy` is sent. */
export class TaskPageDto extends PageQueryDto {
  @IsOptional() @id() assigneeId?: number;
  @IsOptional() @id() createdBy?: number;
  @IsOptional() @status() status?: TaskStatus;
  /** the start of the order number, any case */
  @IsOptional() @Trimmed() @IsString() @MaxLength(40, { message: () => t('orderTextTooLong', { max: 40 }) }) orderNo?: string;
}

/** The caller's own tasks (the task inbox): one tab, narrowed by line and due time. */
export class MyTaskPageDto extends PageQueryDto {
  @IsOptional() @IsIn(MY_TASK_TABS, { message: () => t('orderTaskTabInvalid') }) tab: MyTaskTab = 'open';
  @IsOptional() @IsIn(SHIP_TYPES, { message: () => t('orderShipTypeInvalid') }) shipType?: ShipType;
  /** due at or after */
  @IsOptional() @time() dueFrom?: string;
  /** due at or before */
  @IsOptional() @time() dueTo?: string;
}

/** Fields left out keep their value; `dueAt: null` clears the due time. */
export class TaskUpdateDto {
  @id() id!: number;
  @ver() ver!: number;
  @IsOptional() @content() content?: string;
  @IsOptional() @IsId('orderTaskAssigneeRequired') assigneeId?: number;
  @IsOptional() @ValidateIf((_, v) => v !== null) @time() dueAt?: string | null;
}

export class TaskFinishDto {
  @IsOptional() @ver() ver?: number;
}

export class TaskStatusDto {
  @IsIdList('orderTaskIdsInvalid', { min: 1, max: MAX_BATCH })
  ids!: number[];
  @status() status!: TaskStatus;
}

/** The work log (stage moves, holds, cargo operations), newest first. */
export class WorkListDto extends PageQueryDto {
  @IsOptional() @id() orderId?: number;
  @IsOptional() @id() userId?: number;
  /** e.g. upgrade, demotion, register, package, seal */
  @IsOptional() @Trimmed() @IsString() @MaxLength(20, { message: () => t('orderTextTooLong', { max: 20 }) }) action?: string;
  @IsOptional() @time() from?: string;
  @IsOptional() @time() to?: string;
}

/** A note on a log entry; '' or null removes it. */
export class WorkRemarkDto {
  @BlankAsNull()
  @ValidateIf((_, v) => v !== null)
  @IsString({ message: () => t('workRemarkRequired') })
  @MaxLength(500, { message: () => t('workRemarkRequired') })
  remark!: string | null;
  @IsOptional() @ver() ver?: number;
}

/** 导出当前列表 of the task inbox: its tab and filters and the columns the user sees (order/work/record/mine/export). */
export class MyTaskExportDto extends ListExportOf(MyTaskPageDto) {}

/** 导出当前列表 of the work log: its filters and the columns the user sees (order/work/list/export). */
export class WorkLogExportDto extends ListExportOf(WorkListDto) {}
