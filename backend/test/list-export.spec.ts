import ExcelJS from 'exceljs';
import { DEMO, requestAs, useTestApp } from './app.js';
import { addCustomer, addDedicatedOrder, addPorts, CONTACT, linePorts } from './order-fixtures.js';

/** 导出当前列表 (issue 31): the list's own query and scope, the columns the user sees, streamed xlsx. */
describe('list exports (order/list/export, customers/list/export, order/finance/list/export and every other list)', () => {
  const { t, admin, sales, sales2, op, cs } = useTestApp({
    admin: DEMO.admin,
    sales: DEMO.salesman,
    sales2: DEMO.salesman2,
    op: DEMO.operator,
    cs: DEMO.customerService,
  });
  const mine: string[] = [];
  let mineId: number;
  let theirs: string;

  beforeAll(async () => {
    const port = await addPorts(t, admin, linePorts('dedicatedline'));
    const own = await addCustomer(t, admin, sales, { companyName: '导出客户一', ...CONTACT, level: 'A' });
    const other = await addCustomer(t, admin, sales2, { companyName: '导出客户二', ...CONTACT, level: 'A' });
    for (let i = 0; i < 3; i++) {
      const order = await addDedicatedOrder(t, sales, { port, customerId: own }, { goodsName: `货物${i}` });
      mine.push(order.orderNo);
      mineId = order.id;
    }
    theirs = (await addDedicatedOrder(t, sales2, { port, customerId: other })).orderNo;
  });

  const download = (path: string, body: object, by = sales, language = 'zh-CN') =>
    requestAs(t, by)
      .post(`/api/v1${path}`)
      .set('Accept-Language', language)
      .send(body)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  const rowsOf = async (file: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };
  const orderColumns = [
    { key: 'orderNo', title: '订单号' },
    { key: 'customer', title: '客户' },
    { key: 'stage', title: '阶段' },
    { key: 'goodsName', title: '品名' },
  ];

  it('writes the list the caller sees, in their scope, with exactly the columns asked for under their titles', async () => {
    const res = await download('/order/list/export', { shipType: 'dedicatedline', view: 'all', columns: orderColumns }).expect(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['x-export-rows']).toBe('3');
    const [header, ...rows] = await rowsOf(res.body as Buffer);
    expect(header).toEqual(['订单号', '客户', '阶段', '品名']);
    expect(rows.map((row) => row[0]).sort()).toEqual([...mine].sort());
    expect(rows.map((row) => row[0])).not.toContain(theirs);
    expect(rows.every((row) => row.length === 4 && String(row[1]).includes('导出客户一'))).toBe(true);
    // the admin sees every salesman's orders; a filter of the list applies to the export too
    const all = await rowsOf(
      (await download('/order/list/export', { shipType: 'dedicatedline', view: 'all', columns: orderColumns.slice(0, 1) }, admin).expect(200)).body,
    );
    expect(all.slice(1).map((row) => row[0])).toEqual(expect.arrayContaining([...mine, theirs]));
    const filtered = await rowsOf(
      (await download('/order/list/export', { shipType: 'dedicatedline', view: 'all', orderNo: theirs, columns: orderColumns.slice(0, 1) }, admin).expect(200))
        .body,
    );
    expect(filtered).toEqual([['订单号'], [theirs]]);
  });

  it('refuses a column the list does not whitelist, and no columns at all, with 400', async () => {
    const unknown = await requestAs(t, sales)
      .post('/api/v1/order/list/export')
      .send({ shipType: 'dedicatedline', view: 'all', columns: [{ key: 'passwordHash', title: 'x' }] })
      .expect(400);
    expect(unknown.body.message).toContain('passwordHash');
    await requestAs(t, sales).post('/api/v1/order/list/export').send({ shipType: 'dedicatedline', view: 'all', columns: [] }).expect(400);
    await requestAs(t, sales).post('/api/v1/order/list/export').send({ shipType: 'dedicatedline', view: 'all' }).expect(400);
  });

  it('exports a customer list in the caller scope', async () => {
    const res = await download('/customers/list/export', {
      list: 'checkList',
      columns: [
        { key: 'companyName', title: '公司' },
        { key: 'salesman', title: '业务员' },
        { key: 'reviewStatus', title: '审核状态' },
      ],
    }).expect(200);
    const [header, ...rows] = await rowsOf(res.body as Buffer);
    expect(header).toEqual(['公司', '业务员', '审核状态']);
    expect(rows.find((row) => row[0] === '导出客户一')?.[2]).toBe('已审核');
    expect(rows.map((row) => row[0])).toContain('导出客户一');
    expect(rows.map((row) => row[0])).not.toContain('导出客户二');
  });

  it('needs a signed-in holder of the list permission, and writes a finance record list', async () => {
    await t
      .http()
      .post('/api/v1/order/finance/list/export')
      .send({ kind: 'outgoing', columns: [{ key: 'recordNo', title: '单号' }] })
      .expect(401);
    const res = await download('/order/finance/list/export', { kind: 'outgoing', columns: [{ key: 'recordNo', title: '单号' }] }, admin).expect(200);
    expect((await rowsOf(res.body as Buffer))[0]).toEqual(['单号']);
  });

  it('exports a port list with its filter, the columns in the order asked for and the enabled state in the request language', async () => {
    await addPorts(t, admin, [['dedicatedline', 'start', 'CNNGB', '宁波', 'Ningbo', 'CN']]);
    const body = {
      shipType: 'dedicatedline',
      kind: 'start',
      key: 'CN',
      columns: [
        { key: 'enabled', title: '状态' },
        { key: 'code', title: '代码' },
        { key: 'nameEn', title: '英文名' },
      ],
    };
    const listed = await requestAs(t, admin).post('/api/v1/port/list').send({ shipType: 'dedicatedline', kind: 'start', key: 'CN', pageSize: 100 }).expect(200);
    const res = await download('/port/list/export', body, admin).expect(200);
    expect(res.headers['x-export-rows']).toBe(String(listed.body.data.totalCount));
    const [header, ...rows] = await rowsOf(res.body as Buffer);
    expect(header).toEqual(['状态', '代码', '英文名']);
    expect(rows.map((row) => row[1])).toEqual(listed.body.data.items.map((port: { code: string }) => port.code));
    expect(rows.map((row) => row[1]).sort()).toEqual(['CNNGB', 'CNSHA']);
    expect(rows.every((row) => row[0] === '启用')).toBe(true);
    const english = await rowsOf((await download('/port/list/export', body, admin, 'en-US').expect(200)).body as Buffer);
    expect(english[1][0]).toBe('Enabled');
  });

  it('exports the caller’s own tasks only, the due time in the inbox’s words', async () => {
    const task = (assignee: { userid: number }, content: string, dueAt?: string) =>
      requestAs(t, admin).put(`/api/v1/order/work/record/add/${mineId}`).send({ assigneeId: assignee.userid, content, dueAt }).expect(200);
    await task(op, '导出任务：已过期', '2026-01-01T00:00:00.000Z');
    await task(op, '导出任务：无期限');
    await task(cs, '导出任务：客服的');
    const columns = [
      { key: 'content', title: '内容' },
      { key: 'dueAt', title: '截止' },
      { key: 'orderNo', title: '订单' },
    ];
    const overdue = await rowsOf((await download('/order/work/record/mine/export', { tab: 'overdue', columns }, op).expect(200)).body as Buffer);
    expect(overdue.slice(1).map((row) => row[0])).toEqual(['导出任务：已过期']);
    expect(overdue[1][1]).toBe('2026-01-01 08:00 已逾期');
    expect(overdue[1][2]).toBe(mine[2]);
    const open = await rowsOf((await download('/order/work/record/mine/export', { tab: 'open', columns }, op, 'en').expect(200)).body as Buffer);
    expect(open.slice(1)).toEqual([['导出任务：无期限', 'No due time', mine[2]]]);
  });

  it('writes a notice list with its status and audience in words, the roles by name', async () => {
    const role = (await requestAs(t, admin).post('/api/v1/role/list').send({ pageSize: 100 }).expect(200)).body.data.items[0] as { id: number; name: string };
    await requestAs(t, admin)
      .put('/api/v1/notice/add')
      .send({ title: '导出公告', content: '内容', audience: 'roles', roleIds: [role.id] })
      .expect(200);
    const res = await download(
      '/notice/list/export',
      {
        title: '导出公告',
        columns: [
          { key: 'title', title: '标题' },
          { key: 'status', title: '状态' },
          { key: 'audience', title: '对象' },
        ],
      },
      admin,
    );
    expect(res.status).toBe(200);
    expect((await rowsOf(res.body as Buffer)).slice(1)).toEqual([['导出公告', '草稿', role.name]]);
  });

  it('asks the list’s own permission code (403 without it) and whitelists each list’s columns (400)', async () => {
    const one = [{ key: 'code', title: 'x' }];
    await requestAs(t, sales).post('/api/v1/role/list/export').send({ columns: one }).expect(403);
    await requestAs(t, sales)
      .post('/api/v1/log/request/list/export')
      .send({ columns: [{ key: 'path', title: 'x' }] })
      .expect(403);
    await requestAs(t, sales)
      .post('/api/v1/user/list/export')
      .send({ columns: [{ key: 'account', title: 'x' }] })
      .expect(403);
    const unknown = await requestAs(t, admin)
      .post('/api/v1/user/list/export')
      .send({ columns: [{ key: 'passwordHash', title: 'x' }] })
      .expect(400);
    expect(unknown.body.message).toContain('passwordHash');
    await requestAs(t, admin)
      .post('/api/v1/port/list/export')
      .send({ shipType: 'dedicatedline', kind: 'start', columns: [{ key: 'ver', title: 'x' }] })
      .expect(400);
  });

  it('exports a log screen with its filters as the screen sends them, and the staff list in words', async () => {
    const staff = await rowsOf(
      (
        await download(
          '/user/list/export',
          {
            account: 'sales0',
            columns: [
              { key: 'account', title: '账号' },
              { key: 'enabled', title: '状态' },
            ],
          },
          admin,
        ).expect(200)
      ).body as Buffer,
    );
    expect(staff.slice(1).sort()).toEqual([
      ['sales01', '启用'],
      ['sales02', '启用'],
    ]);
    const files = await download('/log/files/list/export', { text: 'no-such-file', columns: [{ key: 'fileName', title: '文件名' }] }, admin).expect(200);
    expect(await rowsOf(files.body as Buffer)).toEqual([['文件名']]);
  });

  it('writes a finance record’s type, method and status in words of the request language, not their codes', async () => {
    await requestAs(t, sales)
      .post('/api/v1/order/finance/add/outgoing')
      .send({ orderId: mineId, type: '运费', amount: 100, currency: 'CNY', counterparty: '导出收款方', method: '银行转账', paidOn: '2026-11-20' })
      .expect(200);
    const columns = [
      { key: 'counterparty', title: 'Payee' },
      { key: 'type', title: 'Type' },
      { key: 'method', title: 'Method' },
      { key: 'status', title: 'Status' },
    ];
    const english = await rowsOf((await download('/order/finance/list/export', { kind: 'outgoing', columns }, admin, 'en').expect(200)).body as Buffer);
    expect(english.slice(1)).toContainEqual(['导出收款方', 'Freight', 'Bank transfer', 'Registered']);
    const chinese = await rowsOf((await download('/order/finance/list/export', { kind: 'outgoing', columns }, admin).expect(200)).body as Buffer);
    expect(chinese.slice(1)).toContainEqual(['导出收款方', '运费', '银行转账', '已登记']);
  });

  it('exports the organisation tree whole, each unit after its parent under their names, its type in words', async () => {
    type Unit = { name: string; type: string; children: Unit[] };
    const tree = (await requestAs(t, admin).post('/api/v1/org/tree').send({}).expect(200)).body.data as Unit[];
    const names = (units: Unit[], parents: string[] = []): string[] =>
      units.flatMap((unit) => [[...parents, unit.name].join(' / '), ...names(unit.children, [...parents, unit.name])]);
    const rows = await rowsOf(
      (
        await download(
          '/org/tree/export',
          {
            columns: [
              { key: 'name', title: '名称' },
              { key: 'type', title: '类型' },
            ],
          },
          admin,
        ).expect(200)
      ).body as Buffer,
    );
    expect(rows.slice(1).map((row) => row[0])).toEqual(names(tree));
    expect(names(tree).length).toBeGreaterThan(1);
    expect(rows.slice(1).map((row) => row[1])).not.toContain(tree[0].type);
    await requestAs(t, sales)
      .post('/api/v1/org/tree/export')
      .send({ columns: [{ key: 'name', title: 'x' }] })
      .expect(403);
  });

  it('exports an order’s work log with the action and stage in the line’s words, within the caller’s orders', async () => {
    const columns = [
      { key: 'action', title: '操作' },
      { key: 'stages', title: '阶段' },
    ];
    const rows = await rowsOf((await download('/order/work/list/export', { orderId: mineId, columns }, admin).expect(200)).body as Buffer);
    expect(rows[0]).toEqual(['操作', '阶段']);
    expect(rows.slice(1)).toContainEqual(['登记订单', expect.any(String)]);
    expect(rows.slice(1).every((row) => !String(row[1]).includes('created'))).toBe(true);
    const english = await rowsOf((await download('/order/work/list/export', { orderId: mineId, columns }, admin, 'en').expect(200)).body as Buffer);
    expect(english.slice(1).map((row) => row[0])).toContain('Registered');
  });
});
