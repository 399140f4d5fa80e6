// Tasks on orders and the work log against a real database (the medium tier, test/medium.ts): who may give,
// edit, finish and delete a task, the all-or-none status batch, the inbox tabs, and the work log's scope,
// ranges and notes (docs/orders.md).
import { ORDER_FLOW, type UpgradeStage } from '@forwarder/domain';
import { useMedium } from '../../../test/medium.js';
import { t } from '../../common/messages.js';
import { ORDER_COUNT_CAP } from '../order/orders.service.js';
import { WorkService } from './work.service.js';

describe('WorkService: tasks and the work log (medium)', () => {
  const { m, op, cs, sales, sales2, work } = useMedium({ op: 'op01', cs: 'cs01', sales: 'sales01', sales2: 'sales02' }, { work: WorkService });
  const hour = 3_600_000;
  const at = (offset: number) => new Date(Date.now() + offset).toISOString();

  it('gives a task only to an active user who works on tasks and sees the order', async () => {
    const order = await m.seed.order(sales);
    const task = await work.addTask(order.id, { assigneeId: cs.userId, content: '核对箱单' }, op);
    expect(task).toMatchObject({ orderId: order.id, assigneeId: cs.userId, createdBy: op.userId, status: 'open', overdue: false, orderNo: order.orderNo });
    // sales02 neither works on tasks nor sees sales01's order
    await expect(work.addTask(order.id, { assigneeId: sales2.userId, content: 'x' }, op)).rejects.toMatchObject({
      fields: { assigneeId: [t('orderTaskAssigneeCannotSee', { name: sales2.fullName })] },
    });
    await expect(work.addTask(order.id, { assigneeId: 987_654, content: 'x' }, op)).rejects.toMatchObject({
      fields: { assigneeId: [t('orderTaskAssigneeInvalid')] },
    });
    const offered = (await work.assignees(order.id, op)).map((u) => u.id);
    expect(offered).toEqual(expect.arrayContaining([op.userId, cs.userId]));
    expect(offered).not.toContain(sales2.userId);
  });

  it('adds no task on an order outside the caller’s scope or voided', async () => {
    const theirs = await m.seed.order(sales2);
    const worker = await m.principal('sales01', { add: ['order:work'] });
    await expect(work.addTask(theirs.id, { assigneeId: op.userId, content: 'x' }, worker)).rejects.toMatchObject({ status: 404 });
    await expect(work.orderTasks(theirs.id, worker)).rejects.toMatchObject({ status: 404 });
    const voided = await m.seed.order(sales);
    await m.prisma.db.order.update({ where: { id: voided.id }, data: { sideState: 'delete' } });
    await expect(work.addTask(voided.id, { assigneeId: op.userId, content: 'x' }, op)).rejects.toMatchObject({ key: 'orderVoided' });
    expect(await m.prisma.db.orderWorkTask.count({ where: { orderId: { in: [theirs.id, voided.id] } } })).toBe(0);
  });

  it('lets only the creator edit an open task, on its current ver', async () => {
    const order = await m.seed.order(sales);
    const task = await work.addTask(order.id, { assigneeId: cs.userId, content: '订舱', dueAt: at(hour) }, op);
    await expect(work.updateTask({ id: task.id, ver: task.ver, content: '改' }, cs)).rejects.toMatchObject({ status: 403, key: 'orderTaskCreatorOnly' });
    const edited = await work.updateTask({ id: task.id, ver: task.ver, content: '订舱并确认', dueAt: null }, op);
    expect(edited).toMatchObject({ content: '订舱并确认', dueAt: null, assigneeId: cs.userId, ver: task.ver + 1 });
    await expect(work.updateTask({ id: task.id, ver: task.ver, content: '旧版本' }, op)).rejects.toMatchObject({ status: 409 });
    await work.finishTask(task.id, {}, cs);
    await expect(work.updateTask({ id: task.id, ver: edited.ver + 1, content: '完成后' }, op)).rejects.toMatchObject({ key: 'orderTaskFinished' });
  });

  it('lets the assignee or the creator finish a task once, and only the creator delete an open one', async () => {
    const order = await m.seed.order(sales);
    const task = await work.addTask(order.id, { assigneeId: cs.userId, content: '报关' }, op);
    const admin = await m.principal('admin');
    await expect(work.finishTask(task.id, {}, admin)).rejects.toMatchObject({ status: 403, key: 'orderTaskNotYours' });
    const finished = await work.finishTask(task.id, {}, cs);
    expect(finished).toMatchObject({ status: 'finished', finishedBy: cs.userId, finishedByName: cs.fullName });
    await expect(work.finishTask(task.id, {}, op)).rejects.toMatchObject({ key: 'orderTaskAlreadyFinished' });
    await expect(work.deleteTask(task.id, op)).rejects.toMatchObject({ key: 'orderTaskFinished' });

    const open = await work.addTask(order.id, { assigneeId: cs.userId, content: '放行' }, op);
    await expect(work.deleteTask(open.id, cs)).rejects.toMatchObject({ status: 403, key: 'orderTaskCreatorOnly' });
    await work.deleteTask(open.id, op);
    expect(await m.prisma.db.orderWorkTask.count({ where: { id: open.id } })).toBe(0);
  });

  it('sets the status of a batch all or none: missing tasks 404, others’ tasks 400, reopening clears the stamp', async () => {
    const order = await m.seed.order(sales);
    const mine = await work.addTask(order.id, { assigneeId: cs.userId, content: '一' }, op);
    const alsoMine = await work.addTask(order.id, { assigneeId: op.userId, content: '二' }, op);
    const notMine = await work.addTask(order.id, { assigneeId: op.userId, content: '三' }, await m.principal('admin'));

    await expect(work.setStatus({ ids: [mine.id, 987_654], status: 'finished' }, cs)).rejects.toMatchObject({
      status: 404,
      key: 'orderTaskNotFoundIds',
      params: { ids: '987654' },
    });
    await expect(work.setStatus({ ids: [mine.id, notMine.id], status: 'finished' }, cs)).rejects.toMatchObject({
      fields: { ids: [t('orderTaskNotYoursId', { id: notMine.id })] },
    });
    expect((await m.prisma.db.orderWorkTask.findUniqueOrThrow({ where: { id: mine.id } })).status).toBe('open');

    await work.finishTask(alsoMine.id, {}, op);
    const done = await work.setStatus({ ids: [mine.id, alsoMine.id], status: 'finished' }, op);
    // the one already finished is left as it was
    expect(done.count).toBe(1);
    const reopened = await work.setStatus({ ids: [mine.id, alsoMine.id], status: 'open' }, op);
    expect(reopened.count).toBe(2);
    const rows = await m.prisma.db.orderWorkTask.findMany({ where: { id: { in: [mine.id, alsoMine.id] } } });
    expect(rows.map((r) => [r.status, r.finishedAt, r.finishedBy])).toEqual([
      ['open', null, null],
      ['open', null, null],
    ]);
  });

  it('sorts the caller’s own tasks into the open, overdue and done tabs, and counts the open ones', async () => {
    const order = await m.seed.order(sales);
    const assignee = await m.principal('cs01');
    const before = await work.myTaskCounts(assignee);
    const later = await work.addTask(order.id, { assigneeId: cs.userId, content: '以后', dueAt: at(hour) }, op);
    const late = await work.addTask(order.id, { assigneeId: cs.userId, content: '过期', dueAt: at(-hour) }, op);
    const done = await work.addTask(order.id, { assigneeId: cs.userId, content: '完成' }, op);
    await work.finishTask(done.id, {}, cs);
    const tab = async (name: 'open' | 'overdue' | 'done') =>
      (await work.myTasks({ tab: name, pageIndex: 1, pageSize: 500 }, assignee)).items.filter((i) => i.orderId === order.id).map((i) => i.id);
    expect(await tab('open')).toEqual([later.id]);
    expect(await tab('overdue')).toEqual([late.id]);
    expect(await tab('done')).toEqual([done.id]);
    expect(await work.myTaskCounts(assignee)).toEqual({ open: before.open + 1, overdue: before.overdue + 1 });
    await expect(work.myTasks({ tab: 'open', pageIndex: 1, pageSize: 10, dueFrom: at(hour), dueTo: at(-hour) }, assignee)).rejects.toMatchObject({
      fields: { dueTo: [t('workRangeInvalid')] },
    });
  });

  it('lists the task pages within the order scope: a filter cannot widen it', async () => {
    const theirs = await m.seed.order(sales2);
    const task = await work.addTask(theirs.id, { assigneeId: op.userId, content: '别人的' }, op);
    const worker = await m.principal('sales01', { add: ['order:work'] });
    const page = await work.taskPage({ assigneeId: op.userId, orderNo: theirs.orderNo.toLowerCase(), pageIndex: 1, pageSize: 50 }, worker);
    expect(page.totalCount).toBe(0);
    const opPage = await work.taskPage({ assigneeId: op.userId, orderNo: theirs.orderNo.toLowerCase(), pageIndex: 1, pageSize: 50 }, op);
    expect(opPage.items.map((i) => i.id)).toEqual([task.id]);
  });

  describe('the work log', () => {
    const firstMove = ORDER_FLOW[1] as UpgradeStage;

    it('shows the moves of the orders in scope only, and checks its range and page', async () => {
      const mine = await m.seed.order(sales);
      const theirs = await m.seed.order(sales2);
      await m.seed.moveTo(mine.id, firstMove);
      await m.seed.moveTo(theirs.id, firstMove);
      const ofMine = await work.log({ orderId: mine.id, pageIndex: 1, pageSize: 20 }, sales);
      // newest first: the move, then the order's creation
      expect(ofMine.items.map((entry) => [entry.orderNo, entry.toStage])).toEqual([
        [mine.orderNo, firstMove],
        [mine.orderNo, 'created'],
      ]);
      expect(ofMine.totalCapped).toBe(false);
      expect((await work.log({ orderId: theirs.id, pageIndex: 1, pageSize: 20 }, sales)).totalCount).toBe(0);
      expect((await work.log({ orderId: theirs.id, pageIndex: 1, pageSize: 20 }, op)).totalCount).toBe(2);
      await expect(work.log({ from: at(hour), to: at(-hour), pageIndex: 1, pageSize: 20 }, op)).rejects.toMatchObject({
        fields: { to: [t('workRangeInvalid')] },
      });
      await expect(work.log({ pageIndex: ORDER_COUNT_CAP / 20 + 1, pageSize: 20 }, op)).rejects.toMatchObject({
        fields: { pageIndex: [t('orderPageBeyondCap', { cap: ORDER_COUNT_CAP })] },
      });
    });

    it('notes an entry with who and when, clears the note with an empty one, and refuses a stale ver or another’s order', async () => {
      const order = await m.seed.order(sales2);
      await m.seed.moveTo(order.id, firstMove);
      const [entry] = (await work.log({ orderId: order.id, pageIndex: 1, pageSize: 1 }, op)).items;
      const noted = await work.remark(entry.id, { remark: '客户催单', ver: entry.ver }, op);
      expect(noted).toMatchObject({ remark: '客户催单', remarkedBy: op.userId, remarkedByName: op.fullName, ver: entry.ver + 1 });
      await expect(work.remark(entry.id, { remark: '旧', ver: entry.ver }, op)).rejects.toMatchObject({ status: 409 });
      await expect(work.remark(entry.id, { remark: '越权', ver: noted.ver }, sales)).rejects.toMatchObject({ status: 404 });
      const cleared = await work.remark(entry.id, { remark: null, ver: noted.ver }, op);
      expect(cleared).toMatchObject({ remark: null, remarkedBy: null, remarkedAt: null });
    });
  });
});
