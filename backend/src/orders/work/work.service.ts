import { HUB_EVENTS, isTaskOverdue, type MyTaskCounts, type MyTaskTab } from '@forwarder/domain';
import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { holdsAny, type Principal } from '../../common/access.decorators.js';
import { AppError, FieldErrors } from '../../common/app-error.js';
import { t } from '../../common/messages.js';
import { readPage, skipTake, timeRange, toPage, type Page } from '../../common/pagination.js';
import { updateWithVer } from '../../common/ver.js';
import type { Who } from '../../common/data-scope.js';
import { Prisma, type OrderWorkRecord, type OrderWorkTask } from '../../generated/prisma/client.js';
import { GrantsService } from '../../auth/grants.service.js';
import { HubService } from '../../hub/hub.service.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { ORDER_COUNT_CAP } from '../order/orders.service.js';
import { orderScope, ordersInScope, usersHolding, usersSeeingOrdersOf } from '../order/order-scope.js';
import { userNames } from '../../prisma/name-lookups.js';
import type {
  MyTaskPageDto,
  TaskAddDto,
  TaskFinishDto,
  TaskPageDto,
  TaskStatus,
  TaskStatusDto,
  TaskUpdateDto,
  WorkListDto,
  WorkRemarkDto,
} from './work.dto.js';

type OrderRef = { orderNo: string; shipType: string };
type TaskRow = OrderWorkTask & { order: OrderRef };
type LogRow = OrderWorkRecord & { order: OrderRef };
export type TaskView = Awaited<ReturnType<WorkService['taskViews']>>[number];
/** An entry of the work log: a stage move, hold or cargo operation, with who did it. */
export type WorkLogView = Awaited<ReturnType<WorkService['logViews']>>[number];
export type WorkLogPage = Page<WorkLogView> & { totalCapped: boolean };
/** Staff a task on an order may be given to. */
export interface TaskAssignee {
  id: number;
  fullName: string;
  account: string;
}

const withOrder = { order: { select: { orderNo: true, shipType: true } } } as const;
const STATUS_LABEL = { open: 'orderTaskStatusOpen', finished: 'orderTaskStatusFinished' } as const;
/** Staff offered for a task at most (a forwarder's office has far fewer who work on orders). */
const ASSIGNEES_MAX = 500;
const logger = new Logger('WorkService');

/** The tasks of an inbox tab at `now`: the database's form of isTaskOverdue (open and past due). */
function tabWhere(tab: MyTaskTab, now: Date): Prisma.OrderWorkTaskWhereInput {
  if (tab === 'done') return { status: 'finished' };
  if (tab === 'overdue') return { status: 'open', dueAt: { lt: now } };
  return { status: 'open', OR: [{ dueAt: null }, { dueAt: { gte: now } }] };
}

/**
 * Work on orders, two kinds: tasks (a staff member asked to do something on an order, open until
 * finished) and the work log (the record every stage move, hold and cargo operation writes), which a
 * supervisor pages by person and time and may annotate. Both follow the order scope.
 */
@Injectable()
export class WorkService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly grants: GrantsService,
    private readonly hub: HubService,
  ) {}

  async addTask(orderId: number, dto: TaskAddDto, user: Principal): Promise<TaskView> {
    const order = await this.prisma.db.order.findFirst({ where: ordersInScope(user, { id: orderId }), select: { id: true, sideState: true } });
    if (!order) throw AppError.notFound();
    if (order.sideState === 'delete') throw AppError.badRequest('orderVoided');
    await this.checkAssignee(dto.assigneeId, orderId);
    const task = await this.prisma.db.orderWorkTask.create({
      data: { orderId, content: dto.content, assigneeId: dto.assigneeId, dueAt: dto.dueAt ? new Date(dto.dueAt) : null, createdBy: user.userId },
      include: withOrder,
    });
    await this.pushCounts([dto.assigneeId]);
    return (await this.taskViews([task]))[0];
  }

  /**
   * The staff a task on this order may be given to: active users who work on tasks (order:work) and whose
   * order scope takes in the order — the same rule checkAssignee enforces, offered before choosing.
   */
  async assignees(orderId: number, user: Principal): Promise<TaskAssignee[]> {
    const order = await this.prisma.db.order.findFirst({ where: ordersInScope(user, { id: orderId }), select: { salesmanId: true } });
    if (!order) throw AppError.notFound();
    return this.prisma.db.user.findMany({
      where: { deletedAt: null, enabled: true, AND: [usersHolding(['order:work']), usersSeeingOrdersOf(order.salesmanId)] },
      select: { id: true, fullName: true, account: true },
      orderBy: [{ fullName: 'asc' }, { id: 'asc' }],
      take: ASSIGNEES_MAX,
    });
  }

  /** The order's tasks, newest first, open and finished. */
  async orderTasks(orderId: number, user: Principal): Promise<TaskView[]> {
    if (!(await this.prisma.db.order.count({ where: ordersInScope(user, { id: orderId }) }))) throw AppError.notFound();
    const rows = await this.prisma.db.orderWorkTask.findMany({ where: { orderId }, include: withOrder, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
    return this.taskViews(rows);
  }

  /**
   * The caller's own tasks in the orders of their scope, one inbox tab at a time: open and overdue by due
   * time (soonest first, those without one last), done by when they were finished (latest first).
   */
  async myTasks(query: MyTaskPageDto, user: Principal): Promise<Page<TaskView>> {
    if (query.dueFrom && query.dueTo && query.dueFrom > query.dueTo) throw new FieldErrors({ dueTo: [t('workRangeInvalid')] });
    const filters: Prisma.OrderWorkTaskWhereInput[] = [{ assigneeId: user.userId }, tabWhere(query.tab, new Date())];
    if (query.shipType) filters.push({ order: { shipType: query.shipType } });
    if (query.dueFrom || query.dueTo) filters.push({ dueAt: timeRange(query.dueFrom, query.dueTo) });
    const where: Prisma.OrderWorkTaskWhereInput = { AND: [{ order: orderScope(user) }, ...filters] };
    const orderBy: Prisma.OrderWorkTaskOrderByWithRelationInput[] =
      query.tab === 'done' ? [{ finishedAt: 'desc' }, { id: 'desc' }] : [{ dueAt: { sort: 'asc', nulls: 'last' } }, { id: 'desc' }];
    return readPage(
      query,
      (page) => this.prisma.db.orderWorkTask.findMany({ where, include: withOrder, orderBy, ...page }),
      () => this.prisma.db.orderWorkTask.count({ where }),
      (rows) => this.taskViews(rows),
    );
  }

  /** The caller's open tasks, not yet due and overdue (the top bar's count is their sum). */
  async myTaskCounts(user: Who): Promise<MyTaskCounts> {
    const now = new Date();
    const count = (tab: MyTaskTab) =>
      this.prisma.db.orderWorkTask.count({ where: { AND: [{ order: orderScope(user) }, { assigneeId: user.userId }, tabWhere(tab, now)] } });
    const [open, overdue] = await Promise.all([count('open'), count('overdue')]);
    return { open, overdue };
  }

  async taskPage(query: TaskPageDto, user: Principal): Promise<Page<TaskView>> {
    const filters: Prisma.OrderWorkTaskWhereInput = {};
    if (query.assigneeId !== undefined) filters.assigneeId = query.assigneeId;
    else if (query.createdBy === undefined) filters.assigneeId = user.userId;
    if (query.createdBy !== undefined) filters.createdBy = query.createdBy;
    if (query.status) filters.status = query.status;
    if (query.orderNo) filters.order = { orderNo: { startsWith: query.orderNo.toUpperCase() } };
    // the scope AND the filters: a filter can only narrow it
    const where: Prisma.OrderWorkTaskWhereInput = { AND: [{ order: orderScope(user) }, filters] };
    return readPage(
      query,
      (page) => this.prisma.db.orderWorkTask.findMany({ where, include: withOrder, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...page }),
      () => this.prisma.db.orderWorkTask.count({ where }),
      (rows) => this.taskViews(rows),
    );
  }

  /** The creator edits an open task; fields left out keep their value. */
  async updateTask(dto: TaskUpdateDto, user: Principal): Promise<TaskView> {
    const task = await this.taskInScope(dto.id, user);
    if (task.createdBy !== user.userId) throw new AppError(HttpStatus.FORBIDDEN, 'orderTaskCreatorOnly');
    if (task.status === 'finished') throw AppError.badRequest('orderTaskFinished');
    if (dto.assigneeId !== undefined) await this.checkAssignee(dto.assigneeId, task.orderId);
    await updateWithVer(this.prisma.db.orderWorkTask, task.id, dto.ver, {
      content: dto.content,
      assigneeId: dto.assigneeId,
      dueAt: dto.dueAt === undefined ? undefined : dto.dueAt === null ? null : new Date(dto.dueAt),
    });
    await this.pushCounts([task.assigneeId, dto.assigneeId ?? task.assigneeId]);
    return this.task(task.id);
  }

  /** The assignee or the creator finishes an open task, once. */
  async finishTask(id: number, dto: TaskFinishDto, user: Principal): Promise<TaskView> {
    const task = await this.taskInScope(id, user);
    if (task.assigneeId !== user.userId && task.createdBy !== user.userId) throw new AppError(HttpStatus.FORBIDDEN, 'orderTaskNotYours');
    if (task.status === 'finished') throw AppError.badRequest('orderTaskAlreadyFinished');
    await updateWithVer(this.prisma.db.orderWorkTask, id, dto.ver ?? task.ver, { status: 'finished', finishedAt: new Date(), finishedBy: user.userId });
    await this.pushCounts([task.assigneeId]);
    return this.task(id);
  }

  /** The creator deletes a task not yet finished. */
  async deleteTask(id: number, user: Principal): Promise<null> {
    const task = await this.taskInScope(id, user);
    if (task.createdBy !== user.userId) throw new AppError(HttpStatus.FORBIDDEN, 'orderTaskCreatorOnly');
    if (task.status === 'finished') throw AppError.badRequest('orderTaskFinished');
    await this.prisma.db.orderWorkTask.delete({ where: { id } });
    await this.pushCounts([task.assigneeId]);
    return null;
  }

  /**
   * Sets the status of several tasks, all or none: each must be in scope (else 404 listing them) and
   * assigned to or created by the caller (else 400 listing them). Finishing stamps who and when,
   * reopening clears it; tasks already in the status are left as they are.
   */
  async setStatus(dto: TaskStatusDto, user: Principal): Promise<{ count: number; message: string }> {
    const ids = [...new Set(dto.ids)];
    const { changed, assignees } = await this.prisma.db.$transaction(async (tx) => {
      await tx.$queryRaw`select id from order_work_task where id = any(${ids}::int[]) order by id for update`;
      const tasks = await tx.orderWorkTask.findMany({ where: { id: { in: ids }, order: orderScope(user) }, orderBy: { id: 'asc' } });
      const found = new Set(tasks.map((task) => task.id));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) throw new AppError(HttpStatus.NOT_FOUND, 'orderTaskNotFoundIds', { ids: missing.join(', ') });
      const notYours = tasks.filter((task) => task.assigneeId !== user.userId && task.createdBy !== user.userId);
      if (notYours.length) throw new FieldErrors({ ids: notYours.map((task) => t('orderTaskNotYoursId', { id: task.id })) });
      const toChange = tasks.filter((task) => task.status !== dto.status);
      const stamp = dto.status === 'finished' ? { finishedAt: new Date(), finishedBy: user.userId } : { finishedAt: null, finishedBy: null };
      for (const task of toChange) await tx.orderWorkTask.update({ where: { id: task.id }, data: { status: dto.status, ...stamp, ver: { increment: 1 } } });
      return { changed: toChange.length, assignees: toChange.map((task) => task.assigneeId) };
    });
    await this.pushCounts(assignees);
    return { count: changed, message: t('orderTaskStatusSet', { count: changed, status: t(STATUS_LABEL[dto.status]) }) };
  }

  /**
   * The work log, newest first, with the names of who did it: filtered by order, person, action and
   * time. Counted up to ORDER_COUNT_CAP like the order lists (`totalCapped` beyond it).
   */
  async log(query: WorkListDto, user: Principal): Promise<WorkLogPage> {
    if (query.from && query.to && query.from > query.to) throw new FieldErrors({ to: [t('workRangeInvalid')] });
    const filters: Prisma.OrderWorkRecordWhereInput = {};
    if (query.orderId !== undefined) filters.orderId = query.orderId;
    if (query.userId !== undefined) filters.userId = query.userId;
    if (query.action) filters.action = query.action;
    if (query.from || query.to) filters.createdAt = timeRange(query.from, query.to);
    const where: Prisma.OrderWorkRecordWhereInput = { AND: [{ order: orderScope(user) }, filters] };
    const { skip, take } = skipTake(query);
    if (skip >= ORDER_COUNT_CAP) throw new FieldErrors({ pageIndex: [t('orderPageBeyondCap', { cap: ORDER_COUNT_CAP })] });
    const [rows, counted] = await Promise.all([
      this.prisma.db.orderWorkRecord.findMany({ where, include: withOrder, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take }),
      this.prisma.db.orderWorkRecord.findMany({ where, select: { id: true }, take: ORDER_COUNT_CAP + 1 }).then((found) => found.length),
    ]);
    return { ...toPage(await this.logViews(rows), Math.min(counted, ORDER_COUNT_CAP), query), totalCapped: counted > ORDER_COUNT_CAP };
  }

  /** Adds, changes or (with '' or null) removes the note on a log entry. */
  async remark(id: number, dto: WorkRemarkDto, user: Principal): Promise<WorkLogView> {
    const entry = await this.prisma.db.orderWorkRecord.findFirst({ where: { id, order: orderScope(user) }, select: { id: true, ver: true } });
    if (!entry) throw AppError.notFound();
    const note = dto.remark ? { remark: dto.remark, remarkedBy: user.userId, remarkedAt: new Date() } : { remark: null, remarkedBy: null, remarkedAt: null };
    await updateWithVer(this.prisma.db.orderWorkRecord, id, dto.ver ?? entry.ver, note);
    const row = await this.prisma.db.orderWorkRecord.findUniqueOrThrow({ where: { id }, include: withOrder });
    return (await this.logViews([row]))[0];
  }

  /**
   * Sends each assignee whose tasks changed their new counts (the top bar's badge), on every process. The
   * change has committed by then: a failed count is logged, not answered as a failed change.
   */
  private async pushCounts(userIds: number[]): Promise<void> {
    await Promise.all(
      [...new Set(userIds)].map(async (userId) => {
        try {
          const assignee = await this.grants.forUser(userId);
          if (assignee) await this.hub.sendToUser(userId, HUB_EVENTS.orderTasks, await this.myTaskCounts(assignee));
        } catch (error) {
          logger.warn(`ReceiveOrderTasks for user ${userId} not sent: ${String(error)}`);
        }
      }),
    );
  }

  /** The assignee is an active user who works on tasks (order:work) and sees the order, so the task reaches them. */
  private async checkAssignee(assigneeId: number, orderId: number) {
    const assignee = await this.grants.forUser(assigneeId);
    if (!assignee?.enabled) throw new FieldErrors({ assigneeId: [t('orderTaskAssigneeInvalid')] });
    const seesOrder = holdsAny(assignee, ['order:work']) && (await this.prisma.db.order.count({ where: ordersInScope(assignee, { id: orderId }) })) > 0;
    if (!seesOrder) throw new FieldErrors({ assigneeId: [t('orderTaskAssigneeCannotSee', { name: assignee.fullName })] });
  }

  private async taskInScope(id: number, user: Principal): Promise<OrderWorkTask> {
    const task = await this.prisma.db.orderWorkTask.findFirst({ where: { id, order: orderScope(user) } });
    if (!task) throw AppError.notFound();
    return task;
  }

  private async task(id: number): Promise<TaskView> {
    return (await this.taskViews([await this.prisma.db.orderWorkTask.findUniqueOrThrow({ where: { id }, include: withOrder })]))[0];
  }

  private async taskViews(rows: TaskRow[]) {
    const names = await userNames(
      this.prisma,
      rows.flatMap((r) => [r.assigneeId, r.createdBy, r.finishedBy]),
    );
    const now = new Date();
    return rows.map(({ order, ...task }) => ({
      ...task,
      status: task.status as TaskStatus,
      orderNo: order.orderNo,
      shipType: order.shipType,
      assigneeName: names.get(task.assigneeId) ?? null,
      createdByName: names.get(task.createdBy) ?? null,
      finishedByName: task.finishedBy === null ? null : (names.get(task.finishedBy) ?? null),
      /** open and past its due time */
      overdue: isTaskOverdue(task, now),
    }));
  }

  private async logViews(rows: LogRow[]) {
    const names = await userNames(
      this.prisma,
      rows.flatMap((r) => [r.userId, r.remarkedBy]),
    );
    return rows.map(({ order, ...entry }) => ({
      ...entry,
      orderNo: order.orderNo,
      shipType: order.shipType,
      userName: names.get(entry.userId) ?? null,
      remarkedByName: entry.remarkedBy === null ? null : (names.get(entry.remarkedBy) ?? null),
    }));
  }
}
