import ExcelJS from 'exceljs';
import { DEMO, requestAs, useTestApp } from './app.js';
import { addCustomer, addDedicatedOrder, addPorts, CONTACT, linePorts } from './order-fixtures.js';

/** 导出当前列表 (issue 31): the list's own query and scope, the columns the user sees, streamed xlsx. */
describe('list exports (order/list/export, customers/list/export, order/finance/list/export)', () => {
  const { t, admin, sales, sales2 } = useTestApp({ admin: DEMO.admin, sales: DEMO.salesman, sales2: DEMO.salesman2 });
  const mine: string[] = [];
  let theirs: string;

  beforeAll(async () => {
    const port = await addPorts(t, admin, linePorts('dedicatedline'));
    const own = await addCustomer(t, admin, sales, { companyName: '导出客户一', ...CONTACT, level: 'A' });
    const other = await addCustomer(t, admin, sales2, { companyName: '导出客户二', ...CONTACT, level: 'A' });
    for (let i = 0; i < 3; i++) mine.push((await addDedicatedOrder(t, sales, { port, customerId: own }, { goodsName: `货物${i}` })).orderNo);
    theirs = (await addDedicatedOrder(t, sales2, { port, customerId: other })).orderNo;
  });

  const download = (path: string, body: object, by = sales) =>
    requestAs(t, by)
      .post(`/api/v1${path}`)
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
      ],
    }).expect(200);
    const [header, ...rows] = await rowsOf(res.body as Buffer);
    expect(header).toEqual(['公司', '业务员']);
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
});
