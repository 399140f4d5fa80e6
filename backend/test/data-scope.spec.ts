// The data scope, area by area, with two salesmen (sales01, sales02) who each own a customer, an order
// and the order's money, issue, task and records: each sees and changes only their own, in lists,
// details, exports, counts and lookups; a filter naming the other's salesman, customer or order only
// narrows; the operation log shows a salesman only their own scope's changes; finance, operators and the
// administrator see both. Table-driven: a new list endpoint is one line in LISTS.
import type { PermissionCode } from '@forwarder/domain';
import { ORDER_PREFIX_CAP } from '../src/finance/finance-lookups.service.js';
import { DEMO, fieldErrors, login, requestAs, type Session, useTestApp } from './app.js';
import { addPorts, grant, linePorts } from './order-fixtures.js';
import { readWorkbook, sheetValues } from './xlsx.js';

/** One salesman's things. */
interface Side {
  session: Session;
  userId: number;
  customerId: number;
  companyName: string;
  orderId: number;
  orderNo: string;
  recordId: number;
  issueId: number;
  taskId: number;
}

type Row = Record<string, unknown>;

/**
 * A list endpoint: how to read its rows (as `who`, with extra body fields), which value of a row names
 * its owner's thing (`rowKey`) and which thing of a side that is (`key`); the filters naming the other
 * side's thing (each must bring back nothing of theirs); who sees both sides.
 */
interface ListCase {
  name: string;
  rows: (who: Session, body?: Row) => Promise<Row[]>;
  rowKey: (row: Row) => unknown;
  key: (side: Side) => unknown;
  filters: (other: Side) => Row[];
  seesBoth: () => Session[];
}

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

describe('data scope (two salesmen)', () => {
  const { t } = useTestApp();
  let admin: Session, fin: Session, op: Session;
  let one: Side, two: Side;
  const post = (path: string, who: Session, body: object = {}) => requestAs(t, who).post(`/api/v1/${path}`).send(body);
  const get = (path: string, who: Session) => requestAs(t, who).get(`/api/v1/${path}`);
  const items = async (path: string, who: Session, body: object) => {
    const res = await post(path, who, body).expect(200);
    const data = res.body.data;
    return (Array.isArray(data) ? data : data.items) as Row[];
  };
  /** The rows of a workbook answer's sheet, header left out. */
  const sheetRows = async (path: string, who: Session, body: object, sheet: string) => {
    const res = await post(path, who, body).responseType('blob').expect(200);
    const [, ...rows] = sheetValues((await readWorkbook(res.body)).getWorksheet(sheet)!);
    return rows.map((cells) => ({ first: cells[0] }));
  };

  beforeAll(async () => {
    // codes the salesman role does not hold by default, so that their scope can be tried on those calls too
    const extra: PermissionCode[] = ['order:export', 'order:work', 'order:register', 'log:goods', 'finance:arrears', 'finance:inquiry', 'finance:report'];
    await grant(t, 'salesman', extra);
    [admin, fin, op] = await Promise.all([login(t, ...DEMO.admin), login(t, ...DEMO.finance), login(t, ...DEMO.operator)]);
    const port = await addPorts(t, admin, linePorts('airtransport'));
    const side = async (account: readonly [string, string], companyName: string): Promise<Side> => {
      const session = await login(t, ...account);
      const customer = (await requestAs(t, session).put('/api/v1/customers/add').send({ companyName, contactName: '王五', mobile: '13800138000' }).expect(200))
        .body.data;
      await post('customers/check', admin, { id: customer.id, ver: customer.ver, approved: true }).expect(200);
      const order = (
        await requestAs(t, session)
          .put('/api/v1/order/airtransport/add')
          .send({ customerId: customer.id, originPortId: port.PVG, destinationPortId: port.LAX, goodsName: '服装', packages: 2, grossWeight: 10, volume: 0.1 })
          .expect(200)
      ).body.data;
      await post('order/finance/add/receivable', fin, { orderId: order.id, type: '运费', amount: 1000, currency: 'CNY' }).expect(200);
      const record = (
        await post('order/finance/add/entry', session, {
          orderId: order.id,
          type: '运费收款',
          amount: 100,
          currency: 'CNY',
          counterparty: companyName,
          method: '银行转账',
          paidOn: today(),
        }).expect(200)
      ).body.data;
      const issue = (
        await requestAs(t, session).put(`/api/v1/order/bbs/add/${order.id}`).send({ detail: '外箱破损', processedUserId: admin.userid }).expect(200)
      ).body.data;
      const task = (
        await requestAs(t, op).put(`/api/v1/order/work/record/add/${order.id}`).send({ assigneeId: session.userid, content: '联系收货人' }).expect(200)
      ).body.data;
      return {
        session,
        userId: session.userid,
        customerId: customer.id,
        companyName,
        orderId: order.id,
        orderNo: order.orderNo,
        recordId: record.id,
        issueId: issue.id,
        taskId: task.id,
      };
    };
    one = await side(DEMO.salesman, '甲方贸易公司');
    two = await side(DEMO.salesman2, '乙方贸易公司');
    await t.flushAudit();
  });

  const LISTS: ListCase[] = [
    {
      name: 'customers/list (checkList)',
      rows: (w, b) => items('customers/list', w, { list: 'checkList', ...b }),
      rowKey: (r) => r.id,
      key: (s) => s.customerId,
      filters: (o) => [{ salesmanId: o.userId }, { key: o.companyName }],
      seesBoth: () => [admin],
    },
    {
      name: 'customers/take/list (picker)',
      rows: (w, b) => items('customers/take/list', w, { ...b }),
      rowKey: (r) => r.id,
      key: (s) => s.customerId,
      filters: (o) => [{ key: o.companyName }],
      seesBoth: () => [admin],
    },
    {
      name: 'order/list',
      rows: (w, b) => items('order/list', w, { shipType: 'airtransport', ...b }),
      rowKey: (r) => r.id,
      key: (s) => s.orderId,
      filters: (o) => [{ salesmanId: o.userId }, { customerId: o.customerId }, { orderNo: o.orderNo }, { key: o.orderNo }],
      seesBoth: () => [admin, op, fin],
    },
    {
      name: 'order/list (stage view)',
      rows: (w, b) => items('order/list', w, { shipType: 'airtransport', view: 'created', ...b }),
      rowKey: (r) => r.id,
      key: (s) => s.orderId,
      filters: (o) => [{ salesmanId: o.userId }],
      seesBoth: () => [admin, op],
    },
    {
      name: 'order/waybill/excel (export)',
      rows: (w, b) => sheetRows('order/waybill/excel', w, { shipType: 'airtransport', ...b }, '运单'),
      rowKey: (r) => r.first,
      key: (s) => s.orderNo,
      filters: (o) => [{ salesmanId: o.userId }, { customerId: o.customerId }, { orderNo: o.orderNo }],
      seesBoth: () => [admin, op],
    },
    {
      name: 'order/finance/list (records)',
      rows: (w, b) => items('order/finance/list', w, { kind: 'entry', view: 'detailed', ...b }),
      rowKey: (r) => r.id,
      key: (s) => s.recordId,
      filters: (o) => [{ createdBy: o.userId }, { orderId: o.orderId }, { customerId: o.customerId }, { orderNo: o.orderNo }],
      seesBoth: () => [admin, fin],
    },
    {
      name: 'finance/arrears (by order)',
      rows: (w, b) => items('finance/arrears', w, { groupBy: 'order', ...b }),
      rowKey: (r) => r.orderId,
      key: (s) => s.orderId,
      filters: (o) => [{ salesmanId: o.userId }, { customerId: o.customerId }],
      seesBoth: () => [admin, fin],
    },
    {
      name: 'finance/arrears (by salesman)',
      rows: (w, b) => items('finance/arrears', w, { groupBy: 'salesman', ...b }),
      rowKey: (r) => r.salesmanId,
      key: (s) => s.userId,
      filters: (o) => [{ salesmanId: o.userId }],
      seesBoth: () => [admin, fin],
    },
    {
      name: 'finance/arrears (by customer)',
      rows: (w, b) => items('finance/arrears', w, { groupBy: 'customer', ...b }),
      rowKey: (r) => r.customerId,
      key: (s) => s.customerId,
      filters: (o) => [{ customerId: o.customerId }, { salesmanId: o.userId }],
      seesBoth: () => [admin, fin],
    },
    {
      name: 'finance/inquiry',
      rows: (w, b) => items('finance/inquiry', w, { ...b }),
      rowKey: (r) => r.orderId,
      key: (s) => s.orderId,
      filters: (o) => [{ salesmanId: o.userId }, { customerId: o.customerId }, { orderNo: o.orderNo }],
      seesBoth: () => [admin, fin],
    },
    {
      name: 'order/finance/reporting (export)',
      rows: (w, b) => sheetRows('order/finance/reporting', w, { from: today(), to: today(), ...b }, '订单明细'),
      rowKey: (r) => r.first,
      key: (s) => s.orderNo,
      filters: (o) => [{ salesmanId: o.userId }, { customerId: o.customerId }],
      seesBoth: () => [admin, fin],
    },
    {
      name: 'order/bbs/orders/list',
      rows: (w, b) => items('order/bbs/orders/list', w, { orderIds: [one.orderId, two.orderId], status: 'wait', ...b }),
      rowKey: (r) => r.id,
      key: (s) => s.issueId,
      filters: (o) => [{ orderIds: [o.orderId] }],
      seesBoth: () => [admin, op],
    },
    {
      name: 'order/work/list (work log)',
      rows: (w, b) => items('order/work/list', w, { ...b }),
      rowKey: (r) => r.orderId,
      key: (s) => s.orderId,
      filters: (o) => [{ orderId: o.orderId }, { userId: o.userId }],
      seesBoth: () => [admin, op],
    },
    {
      name: 'order/work/record/list/page (tasks)',
      rows: (w, b) => items('order/work/record/list/page', w, { createdBy: op.userid, ...b }),
      rowKey: (r) => r.id,
      key: (s) => s.taskId,
      filters: (o) => [{ assigneeId: o.userId }, { orderNo: o.orderNo }],
      seesBoth: () => [admin, op],
    },
  ];

  describe.each(LISTS)('$name', (list) => {
    it('each salesman sees their own and nothing of the other’s', async () => {
      for (const [me, other] of [
        [one, two],
        [two, one],
      ]) {
        const keys = (await list.rows(me.session)).map(list.rowKey);
        expect(keys).toContain(list.key(me));
        expect(keys).not.toContain(list.key(other));
      }
    });

    it('a filter naming the other salesman’s things only narrows', async () => {
      for (const filter of list.filters(two)) {
        const keys = (await list.rows(one.session, filter)).map(list.rowKey);
        expect({ filter, found: keys.includes(list.key(two)) }).toEqual({ filter, found: false });
      }
    });

    it('finance, operators and the administrator (as their roles allow) see both', async () => {
      for (const who of list.seesBoth()) {
        const keys = (await list.rows(who)).map(list.rowKey);
        expect(keys).toEqual(expect.arrayContaining([list.key(one), list.key(two)]));
      }
    });
  });

  it('counts: the home page counts and the issue badge count only the caller’s scope', async () => {
    const counts = async (who: Session) => (await get('workbench/summary', who).expect(200)).body.data.orderCounts;
    expect((await counts(one.session)).airtransport.created).toBe(1);
    expect((await counts(two.session)).airtransport.created).toBe(1);
    expect((await counts(op)).airtransport.created).toBe(2);
    const totals = async (who: Session, body: object) => (await post('finance/arrears', who, { groupBy: 'order', ...body }).expect(200)).body.data.totals;
    expect(await totals(one.session, {})).toMatchObject({ orders: 1, outstanding: 1000 });
    expect(await totals(one.session, { salesmanId: two.userId })).toMatchObject({ orders: 0, outstanding: 0 });
    expect(await totals(fin, {})).toMatchObject({ orders: 2, outstanding: 2000 });
    const recordTotals = async (who: Session, body: object) =>
      (await post('order/finance/list', who, { kind: 'entry', view: 'detailed', ...body }).expect(200)).body.data;
    expect(await recordTotals(one.session, { createdBy: two.userId })).toMatchObject({ totalCount: 0, totals: [] });
    const inquiry = (await post('finance/inquiry', one.session, { customerId: two.customerId }).expect(200)).body.data;
    expect(inquiry).toMatchObject({ totalCount: 0, totals: { revenue: 0 } });
  });

  it('an order-number prefix is matched among the caller’s orders only: the other salesman’s orders neither count nor show', async () => {
    // the other salesman has more orders under a prefix than a lookup takes
    const { id: _id, orderNo: _no, createdAt: _c, updatedAt: _u, ...fields } = await t.prisma.db.order.findUniqueOrThrow({ where: { id: two.orderId } });
    const prefix = 'ZQ';
    await t.prisma.db.order.createMany({
      data: Array.from({ length: ORDER_PREFIX_CAP + 1 }, (_, i) => ({ ...fields, orderNo: `${prefix}${String(i).padStart(6, '0')}` })),
    });
    try {
      const tooMany = { orderNo: [`匹配的订单超过 ${ORDER_PREFIX_CAP} 个，请输入更完整的订单号`] };
      // (a salesman lists the charges of one order of theirs at a time)
      for (const [path, body] of [
        ['order/finance/list', (_side?: Side) => ({ kind: 'entry', view: 'detailed' })],
        ['order/verify/list', (side?: Side) => ({ orderId: side?.orderId })],
      ] as const) {
        const res = await post(path, one.session, { ...body(one), orderNo: prefix }).expect(200);
        expect({ path, totalCount: res.body.data.totalCount }).toEqual({ path, totalCount: 0 });
        // whoever reaches those orders is asked for more of the number
        for (const [who, side] of [
          [two.session, two],
          [fin, undefined],
        ] as const) {
          expect({ path, errors: fieldErrors(await post(path, who, { ...body(side), orderNo: prefix }).expect(400)) }).toEqual({ path, errors: tooMany });
        }
      }
      const own = await post('order/finance/list', one.session, { kind: 'entry', view: 'detailed', orderNo: one.orderNo }).expect(200);
      expect(own.body.data.items.map((r: Row) => r.id)).toEqual([one.recordId]);
    } finally {
      await t.prisma.db.order.deleteMany({ where: { orderNo: { startsWith: prefix } } });
    }
  });

  it('details and lookups of the other salesman’s records answer 404', async () => {
    const s = one.session;
    const lookups: [string, () => Promise<{ status: number }>][] = [
      ['customers/detail', () => get(`customers/detail/${two.customerId}`, s)],
      ['order/detail', () => get(`order/detail/${two.orderId}`, s)],
      ['order/no/detail', () => get(`order/no/detail/${two.orderNo}`, s)],
      ['order/track/list', () => post(`order/track/list/${two.orderId}`, s)],
      ['order/track/no/list', () => post(`order/track/no/list/${two.orderNo}`, s)],
      ['order/price', () => post(`order/price/${two.orderId}`, s)],
      ['order/waybill/detail', () => get(`order/waybill/detail/${two.orderId}`, s)],
      ['order/register/list', () => post(`order/register/list/${two.orderId}`, s)],
      ['order/package/list', () => post(`order/package/list/${two.orderId}`, s)],
      ['order/warehouse/word', () => post('order/warehouse/word', s, { orderId: two.orderId })],
      ['finance/record', () => get(`finance/record/${two.recordId}`, s)],
      ['order/verify/detail', () => get(`order/verify/detail/${two.orderId}`, s)],
      ['order/verify/list', () => post('order/verify/list', s, { orderId: two.orderId })],
      ['order/bbs/detail', () => get(`order/bbs/detail/${two.issueId}`, s)],
      ['order/bbs/list', () => post(`order/bbs/list/${two.orderId}`, s, { status: 'wait' })],
      ['order/work/record/list', () => post('order/work/record/list', s, { orderId: two.orderId })],
    ];
    for (const [name, call] of lookups) expect({ name, status: (await call()).status }).toEqual({ name, status: 404 });
    // labels name the orders they could not find, another salesman's among them
    expect((await post('order/label/export', s, { orderNos: [two.orderNo] }).expect(400)).body.message).toContain(two.orderNo);
    // their own are found
    await get(`order/detail/${one.orderId}`, s).expect(200);
    await get(`order/no/detail/${one.orderNo}`, s).expect(200);
  });

  it('writes on the other salesman’s records are refused and change nothing', async () => {
    const s = one.session;
    const snapshot = async () => {
      const db = t.prisma.db;
      return {
        customer: await db.customer.findUniqueOrThrow({ where: { id: two.customerId } }),
        order: await db.order.findUniqueOrThrow({ where: { id: two.orderId } }),
        record: await db.financeRecord.findUniqueOrThrow({ where: { id: two.recordId } }),
        issue: await db.orderIssue.findUniqueOrThrow({ where: { id: two.issueId } }),
        task: await db.orderWorkTask.findUniqueOrThrow({ where: { id: two.taskId } }),
        tracks: await db.orderTrack.count({ where: { orderId: two.orderId } }),
        tasks: await db.orderWorkTask.count({ where: { orderId: two.orderId } }),
        issues: await db.orderIssue.count({ where: { orderId: two.orderId } }),
        bindCodes: await db.customerBindCode.count({ where: { customerId: two.customerId } }),
        records: await db.financeRecord.count({ where: { orderId: two.orderId } }),
      };
    };
    const before = await snapshot();
    const { customer, order, record, issue } = before;
    const writes: [string, () => Promise<{ status: number }>, number][] = [
      ['customers/update', () => post('customers/update', s, { id: two.customerId, ver: customer.ver, companyName: '改名公司', contactName: '某人' }), 404],
      ['customers/update/acceptEmail', () => post('customers/update/acceptEmail', s, { id: two.customerId, ver: customer.ver, acceptEmail: false }), 404],
      ['customers/protect', () => post('customers/protect', s, { id: two.customerId, ver: customer.ver, protect: true }), 404],
      ['customers/bindcode', () => get(`customers/bindcode/${two.customerId}`, s), 404],
      ['order/all/update', () => post('order/all/update', s, { id: two.orderId, ver: order.ver, goodsName: '改' }), 404],
      ['order/track/insert', () => post('order/track/insert', s, { orderId: two.orderId, content: '到了' }), 404],
      ['order/bbs/add', () => requestAs(t, s).put(`/api/v1/order/bbs/add/${two.orderId}`).send({ detail: '插一句', processedUserId: admin.userid }), 404],
      ['order/bbs/reply/add', () => requestAs(t, s).put(`/api/v1/order/bbs/reply/add/${two.issueId}`).send({ detail: '插一句' }), 404],
      ['order/bbs/close', () => post(`order/bbs/close/${two.issueId}`, s, { ver: issue.ver }), 404],
      ['order/finance/update', () => post('order/finance/update', s, { id: two.recordId, ver: record.ver, amount: 1 }), 404],
      ['order/finance/batch/amend', () => post('order/finance/batch/amend', s, { ids: [two.recordId] }), 404],
      ['order/finance/delete', () => requestAs(t, s).delete(`/api/v1/order/finance/delete/${two.recordId}`), 404],
      [
        'order/finance/add/entry on their order',
        () =>
          post('order/finance/add/entry', s, {
            orderId: two.orderId,
            type: '运费收款',
            amount: 1,
            currency: 'CNY',
            counterparty: 'x',
            method: '银行转账',
            paidOn: today(),
          }),
        400,
      ],
      [
        'order/work/record/add',
        () => requestAs(t, s).put(`/api/v1/order/work/record/add/${two.orderId}`).send({ assigneeId: one.userId, content: '插一句' }),
        404,
      ],
      ['order/work/record/finish', () => post(`order/work/record/finish/${two.taskId}`, s, {}), 404],
      ['order/work/update/status', () => post('order/work/update/status', s, { ids: [two.taskId], status: 'finished' }), 404],
    ];
    for (const [name, call, status] of writes) expect({ name, status: (await call()).status }).toEqual({ name, status });
    expect(await snapshot()).toEqual(before);
  });

  describe('the operation log (/log/sql)', () => {
    type Change = { tableName: string; recordId: string | null; userId: number | null; before: Row | null; after: Row | null };
    const changes = async (who: Session, body: object = {}) =>
      (await post('log/sql/list', who, { pageSize: 200, ...body }).expect(200)).body.data.items as Change[];
    const touches = (c: Change, side: Side) => {
      const image = { ...(c.before ?? {}), ...(c.after ?? {}) };
      const id = Number(c.recordId);
      return (
        (c.tableName === 'Customer' && id === side.customerId) ||
        (c.tableName === 'Order' && id === side.orderId) ||
        (c.tableName === 'FinanceRecord' && id === side.recordId) ||
        (c.tableName === 'OrderIssue' && id === side.issueId) ||
        (c.tableName === 'OrderWorkTask' && id === side.taskId) ||
        image.orderId === side.orderId ||
        image.customerId === side.customerId
      );
    };

    it('shows a salesman their own scope’s changes only: no other salesman’s records, no staff or system tables', async () => {
      for (const [me, other] of [
        [one, two],
        [two, one],
      ]) {
        const rows = await changes(me.session);
        expect(rows.some((c) => c.tableName === 'Order' && Number(c.recordId) === me.orderId)).toBe(true);
        expect(rows.some((c) => c.tableName === 'Customer' && Number(c.recordId) === me.customerId)).toBe(true);
        // changes others made to their records are theirs to see too (the operator's task, finance's charge)
        expect(rows.some((c) => c.tableName === 'OrderWorkTask' && c.userId === op.userid && Number(c.recordId) === me.taskId)).toBe(true);
        expect(rows.some((c) => c.tableName === 'OrderCharge' && c.after?.orderId === me.orderId)).toBe(true);
        expect(rows.filter((c) => touches(c, other))).toEqual([]);
        expect(rows.filter((c) => c.tableName === 'User' && Number(c.recordId) !== me.userId)).toEqual([]);
        expect(
          rows.filter((c) => ['Port', 'Role', 'RolePermission', 'Menu', 'SystemSetting', 'DictItem', 'SerialSequence', 'Notice'].includes(c.tableName)),
        ).toEqual([]);
      }
    });

    it('its filters only narrow: the other salesman’s table rows, user and record stay out', async () => {
      expect((await changes(one.session, { tableName: 'Order' })).map((c) => Number(c.recordId))).toEqual([one.orderId]);
      expect(await changes(one.session, { userId: two.userId })).toEqual([]);
      expect((await changes(one.session, { text: String(two.orderId), tableName: 'Order' })).filter((c) => touches(c, two))).toEqual([]);
      expect(await changes(one.session, { tableName: 'Port' })).toEqual([]);
    });

    it('shows the administrator every change', async () => {
      const rows = await changes(admin);
      for (const side of [one, two]) expect(rows.some((c) => c.tableName === 'Order' && Number(c.recordId) === side.orderId)).toBe(true);
      expect(rows.some((c) => c.tableName === 'Port')).toBe(true);
    });
  });

  it('the goods log (/log/goods) keeps to the caller’s order scope', async () => {
    const s = one.session;
    for (const side of [one, two]) await post('order/register', op, { orderId: side.orderId, packages: 2, grossWeight: 10, volume: 0.1 }).expect(200);
    await post('order/upgrade/warehouse', op, { ids: [one.orderId, two.orderId] }).expect(200);
    // each order: its cargo registration and the receipt of its move to the warehouse
    const goods = async (who: Session) => (await items('log/goods/list', who, {})).map((r) => `${r.orderId} ${r.kind}`);
    expect((await goods(s)).sort()).toEqual([`${one.orderId} register`, `${one.orderId} stage`]);
    expect((await goods(admin)).sort()).toEqual([`${one.orderId} register`, `${one.orderId} stage`, `${two.orderId} register`, `${two.orderId} stage`].sort());
  });
});
