// The task inbox (/order/work/record/mine): the caller's own tasks by tab (open, overdue, done), line and
// due time, its counts, and ReceiveOrderTasks pushed to the assignee when their tasks change.
import type { MyTaskCounts } from '@forwarder/domain';
import { auth, fieldErrors, getData, type Session } from './app.js';
import { useHubConnections } from './hub-client.js';
import { type OrderRow, useOrderFixture } from './order-fixtures.js';

process.env.CUSTOMER_POOL_SCHEDULED = 'false';

type Task = { id: number; orderNo: string; shipType: string; content: string; status: string; overdue: boolean; ver: number };
type TaskPage = { items: Task[]; totalCount: number; pageIndex: number; pageSize: number };

/** The last of `values` once it equals `expected`, or what it was after two seconds. */
async function lastPushed<T>(values: T[], expected: T): Promise<T | undefined> {
  const deadline = Date.now() + 2000;
  while (JSON.stringify(values.at(-1)) !== JSON.stringify(expected) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return values.at(-1);
}

const PAST = '2026-01-01T00:00:00.000Z';
const FUTURE = '2099-01-01T00:00:00.000Z';

describe('the task inbox (/api/v1/order/work/record/mine)', () => {
  // the salesman (order:work here) is the assignee: his tasks come only from this file
  const { t, fx, op, cs, sales } = useOrderFixture(['order:work']);
  const hub = useHubConnections(t);
  let sea: OrderRow;
  let air: OrderRow;

  const add = async (on: OrderRow, content: string, dueAt?: string, assignee: Session = sales): Promise<Task> =>
    (
      await t
        .http()
        .put(fx.api(`work/record/add/${on.id}`))
        .set(auth(op))
        .send({ assigneeId: assignee.userid, content, dueAt })
        .expect(200)
    ).body.data;
  const mine = async (body: Record<string, unknown>, by: Session = sales): Promise<TaskPage> =>
    (await t.http().post(fx.api('work/record/mine')).set(auth(by)).send(body).expect(200)).body.data;
  const contents = async (body: Record<string, unknown>, by: Session = sales) => (await mine(body, by)).items.map((task) => task.content);
  const counts = (by: Session = sales) => getData(t, by, fx.api('work/record/mine/count')) as Promise<MyTaskCounts>;

  beforeAll(async () => {
    sea = await fx.addOrder('dedicatedline');
    air = await fx.addOrder('airtransport');
    await add(sea, '已过期：催客户付款', PAST);
    await add(sea, '稍后：确认派送时间', FUTURE);
    await add(air, '无期限：补充装箱单');
    await add(air, '早于今天：核对提单', '2026-02-01T00:00:00.000Z');
    await add(sea, '给客服的任务', PAST, cs);
  });

  it('lists only the caller’s own tasks: open ones not past due, soonest due first, those without a due time last', async () => {
    expect(await contents({})).toEqual(['稍后：确认派送时间', '无期限：补充装箱单']);
    expect(await contents({ tab: 'open' }, cs)).not.toContain('稍后：确认派送时间');
  });

  it('puts an open task past its due time under overdue, flagged, oldest due first', async () => {
    const overdue = await mine({ tab: 'overdue' });
    expect(overdue.items.map((task) => task.content)).toEqual(['已过期：催客户付款', '早于今天：核对提单']);
    expect(overdue.items.every((task) => task.overdue && task.status === 'open')).toBe(true);
    expect(await counts()).toEqual({ open: 2, overdue: 2 });
  });

  it('filters by line and by due time, and pages', async () => {
    expect(await contents({ tab: 'overdue', shipType: 'airtransport' })).toEqual(['早于今天：核对提单']);
    expect(await contents({ tab: 'overdue', dueFrom: '2026-01-15T00:00:00.000Z' })).toEqual(['早于今天：核对提单']);
    expect(await contents({ tab: 'overdue', dueTo: '2026-01-15T00:00:00.000Z' })).toEqual(['已过期：催客户付款']);
    const first = await mine({ tab: 'overdue', pageSize: 1 });
    expect(first).toMatchObject({ totalCount: 2, pageIndex: 1, pageSize: 1 });
    expect(first.items).toHaveLength(1);
  });

  it('refuses a bad tab, line or due range with the fields named', async () => {
    const res = await t.http().post(fx.api('work/record/mine')).set(auth(sales)).send({ tab: 'late', shipType: 'seafreight', dueFrom: 'soon' }).expect(400);
    expect(Object.keys(fieldErrors(res)).sort()).toEqual(['dueFrom', 'shipType', 'tab']);
    const range = await t.http().post(fx.api('work/record/mine')).set(auth(sales)).send({ dueFrom: FUTURE, dueTo: PAST }).expect(400);
    expect(fieldErrors(range)).toEqual({ dueTo: ['开始时间不能晚于结束时间'] });
  });

  it('moves a task the assignee finishes to done and pushes their new counts', async () => {
    const connection = await hub(sales.token);
    const pushed: MyTaskCounts[] = [];
    connection.on('ReceiveOrderTasks', (c: MyTaskCounts) => pushed.push(c));
    const [late] = (await mine({ tab: 'overdue' })).items;
    await t
      .http()
      .post(fx.api(`work/record/finish/${late.id}`))
      .set(auth(sales))
      .send({ ver: late.ver })
      .expect(200);
    expect(await contents({ tab: 'done' })).toEqual(['已过期：催客户付款']);
    expect(await counts()).toEqual({ open: 2, overdue: 1 });
    expect(await lastPushed(pushed, { open: 2, overdue: 1 })).toEqual({ open: 2, overdue: 1 });
    await add(air, '新任务', FUTURE);
    expect(await lastPushed(pushed, { open: 3, overdue: 1 })).toEqual({ open: 3, overdue: 1 });
  });

  it('needs order:work', async () => {
    await t.http().post(fx.api('work/record/mine')).set(auth(fx.fin)).send({}).expect(403);
    await t.http().get(fx.api('work/record/mine/count')).set(auth(fx.fin)).expect(403);
  });
});
