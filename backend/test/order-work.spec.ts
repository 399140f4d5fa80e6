import { auth, fieldErrors, FORBIDDEN, getData, requestAs, type Session, STALE } from './app.js';
import { type OrderRow, useOrderFixture } from './order-fixtures.js';

process.env.CUSTOMER_POOL_SCHEDULED = 'false';

type Task = { id: number; orderId: number; orderNo: string; status: string; ver: number; content: string; assigneeId: number; [k: string]: unknown };

describe('order work: tasks and the work log (/api/v1/order/work)', () => {
  // A salesman with order:work sees only his own customers' orders (another's order is 404 to him).
  const { t, fx, op, cs, sales, fin, admin } = useOrderFixture(['order:work']);
  let order: OrderRow;

  const call = (method: 'post' | 'put' | 'delete', path: string, body: object = {}, by: Session = op) =>
    t.http()[method](fx.api(path)).set(auth(by)).send(body);
  const addTask = (orderId: number, body: Record<string, unknown>, by: Session = op) => call('put', `work/record/add/${orderId}`, body, by);
  const newTask = async (body: Record<string, unknown> = {}, by: Session = op, on: OrderRow = order): Promise<Task> =>
    (await addTask(on.id, { assigneeId: cs.userid, content: '联系收货人确认派送时间', ...body }, by).expect(200)).body.data;
  const page = async (body: Record<string, unknown>, by: Session = op) =>
    (await call('post', 'work/record/list/page', { pageSize: 200, ...body }, by).expect(200)).body.data;

  beforeAll(async () => {
    order = await fx.addOrder('dedicatedline');
  });

  describe('tasks on an order', () => {
    it('adds a task for a staff member, with names and an overdue flag', async () => {
      const res = await addTask(order.id, { assigneeId: cs.userid, content: ' 催客户补充装箱资料 ', dueAt: '2026-01-01T00:00:00.000Z' }).expect(200);
      expect(res.body.data).toMatchObject({
        orderId: order.id,
        orderNo: order.orderNo,
        shipType: 'dedicatedline',
        content: '催客户补充装箱资料',
        assigneeId: cs.userid,
        assigneeName: '赵雨婷',
        createdBy: op.userid,
        createdByName: '李文静',
        status: 'open',
        dueAt: '2026-01-01T00:00:00.000Z',
        overdue: true,
        finishedAt: null,
        ver: 1,
      });
      expect((await newTask({ dueAt: '2099-01-01T00:00:00.000Z' })).overdue).toBe(false);
    });

    it('validates the task and its assignee', async () => {
      const res = await addTask(order.id, { content: 'x'.repeat(501), dueAt: 'tomorrow' }).expect(400);
      expect(fieldErrors(res)).toEqual({ assigneeId: ['请选择负责人'], content: ['请输入工作内容（最多 500 个字符）'], dueAt: ['时间格式无效（ISO 8601）'] });
      expect(fieldErrors(await addTask(order.id, { assigneeId: 999999, content: 'x' }).expect(400))).toEqual({ assigneeId: ['负责人不存在或已停用'] });
      expect(fieldErrors(await addTask(order.id, { assigneeId: cs.userid, content: '   ' }).expect(400)).content).toBeDefined();
      // the task must reach its assignee: someone who works on tasks and sees the order
      expect(fieldErrors(await addTask(order.id, { assigneeId: fin.userid, content: 'x' }).expect(400))).toEqual({
        assigneeId: ['王海燕 看不到该订单或没有工作记录权限'],
      });
      const foreign = await fx.addOrder('dedicatedline', {}, true);
      expect(fieldErrors(await addTask(foreign.id, { assigneeId: sales.userid, content: 'x' }).expect(400))).toEqual({
        assigneeId: ['张晓明 看不到该订单或没有工作记录权限'],
      });
    });

    it('offers as assignees exactly the staff who can take a task on the order', async () => {
      const offered = async (orderId: number, by: Session = op) =>
        ((await getData(t, by, fx.api(`work/record/assignees/${orderId}`))) as { id: number; fullName: string }[]).map((u) => u.id);
      const mine = await offered(order.id);
      // operators, customer service, the order's own salesman (granted order:work here) and the super admin; not finance
      expect(mine).toEqual(expect.arrayContaining([op.userid, cs.userid, sales.userid, admin.userid]));
      expect(mine).not.toContain(fin.userid);
      const foreign = await fx.addOrder('dedicatedline', {}, true);
      const theirs = await offered(foreign.id);
      expect(theirs).not.toContain(sales.userid);
      expect(theirs).toContain(cs.userid);
      // what is offered is what adding accepts
      for (const id of mine) await addTask(order.id, { assigneeId: id, content: '按候选人派单' }).expect(200);
      // another salesman's order is unknown to a salesman, its assignees too
      await requestAs(t, sales)
        .get(fx.api(`work/record/assignees/${foreign.id}`))
        .expect(404);
    });

    it('refuses a voided order, another’s order and a caller without order:work', async () => {
      const voided = await fx.addOrder();
      await fx.voidOrder(voided);
      expect((await addTask(voided.id, { assigneeId: cs.userid, content: 'x' }).expect(400)).body.message).toBe('订单已作废，不能修改');
      const foreign = await fx.addOrder('dedicatedline', {}, true);
      await addTask(foreign.id, { assigneeId: cs.userid, content: 'x' }, sales).expect(404);
      await call('post', 'work/record/list', { orderId: foreign.id }, sales).expect(404);
      expect((await addTask(order.id, { assigneeId: cs.userid, content: 'x' }, fin).expect(403)).body.message).toBe(FORBIDDEN);
      // the salesman's own order is fine
      const own = await fx.addOrder();
      await addTask(own.id, { assigneeId: op.userid, content: '确认报关资料' }, sales).expect(200);
    });

    it('lists the order’s tasks, newest first', async () => {
      const target = await fx.addOrder('smallbag');
      const first = await newTask({ content: '第一件事' }, op, target);
      const second = await newTask({ content: '第二件事' }, op, target);
      const res = await call('post', 'work/record/list', { orderId: target.id }).expect(200);
      expect(res.body.data.map((task: Task) => task.id)).toEqual([second.id, first.id]);
      expect(fieldErrors(await call('post', 'work/record/list', {}).expect(400)).orderId).toEqual(['编号无效']);
    });

    it('pages tasks across orders: the caller’s own by default, or by assignee, creator, status and order number', async () => {
      const target = await fx.addOrder('airtransport');
      const forCs = await newTask({ content: '给客服的任务' }, op, target);
      const forOp = await newTask({ assigneeId: op.userid, content: '给操作的任务' }, cs, target);
      const mine = await page({}, cs);
      expect(mine.items.every((task: Task) => task.assigneeId === cs.userid)).toBe(true);
      expect(mine.items.map((task: Task) => task.id)).toContain(forCs.id);
      expect(mine.items.map((task: Task) => task.id)).not.toContain(forOp.id);
      const created = await page({ createdBy: cs.userid }, cs);
      expect(created.items.map((task: Task) => task.id)).toEqual([forOp.id]);
      const byOrder = await page({ assigneeId: cs.userid, orderNo: target.orderNo.toLowerCase() }, op);
      expect(byOrder).toMatchObject({ totalCount: 1, items: [expect.objectContaining({ id: forCs.id })] });
      await call('post', `work/record/finish/${forCs.id}`, {}, cs).expect(200);
      expect((await page({ status: 'open', orderNo: target.orderNo }, cs)).totalCount).toBe(0);
      expect((await page({ status: 'finished', orderNo: target.orderNo }, cs)).totalCount).toBe(1);
      expect(fieldErrors(await call('post', 'work/record/list/page', { status: 'done' }).expect(400)).status).toEqual(['状态须为 open 或 finished']);
      // the salesman pages only tasks on his customers' orders
      const foreign = await fx.addOrder('dedicatedline', {}, true);
      const hidden = await newTask({}, op, foreign);
      const seen = (await page({ createdBy: op.userid }, sales)).items.map((task: Task) => task.id);
      expect(seen).toContain(forCs.id);
      expect(seen).not.toContain(hidden.id);
    });

    it('lets the creator edit an open task with its ver', async () => {
      const task = await newTask({ dueAt: '2026-12-01T00:00:00.000Z' });
      const res = await call('post', 'work/record/update', {
        id: task.id,
        ver: task.ver,
        content: '改为联系代理',
        assigneeId: admin.userid,
        dueAt: null,
      }).expect(200);
      expect(res.body.data).toMatchObject({ content: '改为联系代理', assigneeId: admin.userid, assigneeName: '系统管理员', dueAt: null, ver: 2 });
      expect((await call('post', 'work/record/update', { id: task.id, ver: task.ver, content: 'x' }).expect(409)).body.message).toBe(STALE);
      expect((await call('post', 'work/record/update', { id: task.id, ver: 2, content: 'x' }, cs).expect(403)).body.message).toBe(
        '只有创建人可以修改或删除该工作记录',
      );
      expect(fieldErrors(await call('post', 'work/record/update', { id: task.id, ver: 2, assigneeId: 999999 }).expect(400)).assigneeId).toEqual([
        '负责人不存在或已停用',
      ]);
      expect(fieldErrors(await call('post', 'work/record/update', { id: task.id, ver: 2, assigneeId: fin.userid }).expect(400)).assigneeId).toEqual([
        '王海燕 看不到该订单或没有工作记录权限',
      ]);
      await call('post', `work/record/finish/${task.id}`, {}).expect(200);
      expect((await call('post', 'work/record/update', { id: task.id, ver: 3, content: 'x' }).expect(400)).body.message).toBe('工作记录已完成，不能修改或删除');
      await call('post', 'work/record/update', { id: 999999, ver: 1, content: 'x' }).expect(404);
    });

    it('is finished once, by its assignee or creator', async () => {
      const task = await newTask();
      expect((await call('post', `work/record/finish/${task.id}`, {}, admin).expect(403)).body.message).toBe('只有负责人或创建人可以更改该工作记录的状态');
      await call('post', `work/record/finish/${task.id}`, { ver: task.ver + 1 }, cs).expect(409);
      const res = await call('post', `work/record/finish/${task.id}`, { ver: task.ver }, cs).expect(200);
      expect(res.body.data).toMatchObject({
        status: 'finished',
        finishedBy: cs.userid,
        finishedByName: '赵雨婷',
        finishedAt: expect.any(String),
        overdue: false,
      });
      expect((await call('post', `work/record/finish/${task.id}`, {}, op).expect(400)).body.message).toBe('工作记录已完成');
    });

    it('is deleted by its creator while open', async () => {
      const task = await newTask();
      await call('delete', `work/record/delete/${task.id}`, {}, cs).expect(403);
      const res = await call('delete', `work/record/delete/${task.id}`).expect(200);
      expect(res.body.data).toBeNull();
      expect(await t.prisma.db.orderWorkTask.count({ where: { id: task.id } })).toBe(0);
      await call('delete', `work/record/delete/${task.id}`).expect(404);
      const finished = await newTask();
      await call('post', `work/record/finish/${finished.id}`, {}, cs).expect(200);
      await call('delete', `work/record/delete/${finished.id}`).expect(400);
    });

    it('sets the status of several tasks at once, all or none', async () => {
      const a = await newTask();
      const b = await newTask({ assigneeId: op.userid }, cs);
      const other = await newTask({ assigneeId: admin.userid }, admin);
      const done = await call('post', 'work/update/status', { ids: [a.id, b.id], status: 'finished' }).expect(200);
      expect(done.body).toMatchObject({ data: { count: 2 }, message: '已将 2 条工作记录设为“已完成”' });
      const [doneA, doneB] = await Promise.all([a, b].map((task) => t.prisma.db.orderWorkTask.findUniqueOrThrow({ where: { id: task.id } })));
      expect([doneA.status, doneB.status, doneA.finishedBy, doneA.ver]).toEqual(['finished', 'finished', op.userid, 2]);
      // already finished ones are left as they are
      expect((await call('post', 'work/update/status', { ids: [a.id], status: 'finished' }).expect(200)).body.data).toEqual({ count: 0 });
      const reopened = await call('post', 'work/update/status', { ids: [a.id], status: 'open' }).expect(200);
      expect(reopened.body.message).toBe('已将 1 条工作记录设为“进行中”');
      expect(await t.prisma.db.orderWorkTask.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ status: 'open', finishedAt: null, finishedBy: null });
      const refused = await call('post', 'work/update/status', { ids: [a.id, other.id], status: 'finished' }).expect(400);
      expect(fieldErrors(refused).ids).toEqual([`工作记录 ${other.id} 不是您负责或创建的`]);
      expect((await t.prisma.db.orderWorkTask.findUniqueOrThrow({ where: { id: a.id } })).status).toBe('open');
      expect((await call('post', 'work/update/status', { ids: [a.id, 999999], status: 'finished' }).expect(404)).body.message).toBe('工作记录不存在：999999');
      expect(fieldErrors(await call('post', 'work/update/status', { ids: [], status: 'closed' }).expect(400))).toEqual({
        ids: ['请选择 1 到 200 条工作记录'],
        status: ['状态须为 open 或 finished'],
      });
      await call('post', 'work/update/status', { ids: [a.id], status: 'finished' }, fin).expect(403);
    });
  });

  describe('the work log', () => {
    it('pages what a staff member did, newest first, with names, by action and time', async () => {
      const target = await fx.addOrder('dedicatedline', { packages: 2, grossWeight: 20, volume: 0.2 });
      const before = new Date().toISOString();
      await call('post', 'upgrade/warehouse', { ids: [target.id] }).expect(200);
      await call('post', 'register', { orderId: target.id, packages: 1, grossWeight: 5, volume: 0.05 }).expect(200);
      const res = await call('post', 'work/list', { userId: op.userid, from: before, pageSize: 200 }, cs).expect(200);
      const entries = res.body.data.items.filter((e: { orderId: number }) => e.orderId === target.id);
      expect(entries.map((e: { action: string }) => e.action)).toEqual(['register', 'upgrade']);
      expect(entries[1]).toMatchObject({
        orderNo: target.orderNo,
        shipType: 'dedicatedline',
        fromStage: 'created',
        toStage: 'warehouse',
        userId: op.userid,
        userName: '李文静',
        remark: null,
        ver: 1,
      });
      expect(res.body.data).toMatchObject({ pageIndex: 1, totalCapped: false });
      const byOrder = await call('post', 'work/list', { orderId: target.id, action: 'register' }, cs).expect(200);
      expect(byOrder.body.data).toMatchObject({
        totalCount: 1,
        items: [expect.objectContaining({ action: 'register', data: expect.objectContaining({ packages: 1 }) })],
      });
      const later = await call('post', 'work/list', { orderId: target.id, from: '2099-01-01T00:00:00.000Z' }, cs).expect(200);
      expect(later.body.data.totalCount).toBe(0);
      expect(fieldErrors(await call('post', 'work/list', { from: '2026-12-02T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' }).expect(400)).to).toEqual([
        '开始时间不能晚于结束时间',
      ]);
      await call('post', 'work/list', {}, fin).expect(403);
    });

    it('shows a salesman only the log of his customers’ orders', async () => {
      const foreign = await fx.addOrder('dedicatedline', {}, true);
      const own = await fx.addOrder('dedicatedline');
      const seen = await call('post', 'work/list', { pageSize: 200 }, sales).expect(200);
      const orderIds = seen.body.data.items.map((e: { orderId: number }) => e.orderId);
      expect(orderIds).toContain(own.id);
      expect(orderIds).not.toContain(foreign.id);
    });

    it('annotates a log entry (ver optional), and removes the note with an empty one', async () => {
      const target = await fx.addOrder('smallbag');
      const [entry] = await t.prisma.db.orderWorkRecord.findMany({ where: { orderId: target.id } });
      const res = await call('post', `work/update/${entry.id}`, { remark: '客户电话确认过', ver: entry.ver }, cs).expect(200);
      expect(res.body.data).toMatchObject({
        id: entry.id,
        remark: '客户电话确认过',
        remarkedBy: cs.userid,
        remarkedByName: '赵雨婷',
        remarkedAt: expect.any(String),
        ver: 2,
      });
      expect((await call('post', `work/update/${entry.id}`, { remark: 'x', ver: 1 }).expect(409)).body.message).toBe(STALE);
      const cleared = await call('post', `work/update/${entry.id}`, { remark: '' }).expect(200);
      expect(cleared.body.data).toMatchObject({ remark: null, remarkedBy: null, ver: 3 });
      expect(fieldErrors(await call('post', `work/update/${entry.id}`, {}).expect(400)).remark).toEqual(['请输入备注（最多 500 个字符）']);
      expect(fieldErrors(await call('post', `work/update/${entry.id}`, { remark: 'x'.repeat(501) }).expect(400)).remark).toBeDefined();
      const foreign = await fx.addOrder('dedicatedline', {}, true);
      const [hidden] = await t.prisma.db.orderWorkRecord.findMany({ where: { orderId: foreign.id } });
      await call('post', `work/update/${hidden.id}`, { remark: 'x' }, sales).expect(404);
      await call('post', `work/update/${entry.id}`, { remark: 'x' }, fin).expect(403);
    });
  });
});
