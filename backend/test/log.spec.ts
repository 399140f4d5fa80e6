import { rmSync } from 'node:fs';
import path from 'node:path';
import { GrantsService } from '../src/auth/grants.service.js';
import type { WarehouseReceipt } from '../src/orders/cargo/warehouse-receipts.js';
import { SettingsService } from '../src/settings/settings.service.js';
import { DESK_STAFF, fieldErrors, refusal, requestAs, type Session, useTestApp } from './app.js';
import { addCustomer, addPorts, grant, linePorts, lineRoute } from './order-fixtures.js';
import { pdf, PNG } from './sample-files.js';

// The daily purge timer stays off here; the purge is exercised on demand.
process.env.LOG_PURGE_SCHEDULED = 'false';

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe('logs (/log/*)', () => {
  const { t, admin, salesman, operator, service } = useTestApp(DESK_STAFF);

  const list = (s: Session, kind: string, body: object = {}) => requestAs(t, s).post(`/api/v1/log/${kind}/list`).send(body);

  describe('database operation log (sql/list)', () => {
    it('lists the writes made through the API, newest first, with the user name and before/after', async () => {
      await requestAs(t, salesman).post('/api/v1/user/update/wechat/unbind').expect(200);
      await requestAs(t, operator).post('/api/v1/user/update/wechat/unbind').expect(200);
      await t.flushAudit();
      const res = await list(admin, 'sql', { tableName: 'User', operation: 'update' }).expect(200);
      const [newest, older] = res.body.data.items;
      expect(newest).toMatchObject({
        tableName: 'User',
        operation: 'update',
        recordId: String(operator.userid),
        businessNo: '李文静',
        userId: operator.userid,
        userName: '李文静',
      });
      expect(older).toMatchObject({ recordId: String(salesman.userid), userName: '张晓明' });
      expect(newest.before).toMatchObject({ account: 'op01', passwordHash: '******' });
      expect(newest.after.ver).toBe(newest.before.ver + 1);
      expect(new Date(newest.createdAt).getTime()).toBeGreaterThanOrEqual(new Date(older.createdAt).getTime());
      expect(res.body.data).toMatchObject({ pageIndex: 1, pageSize: 20, totalCount: 2, totalPage: 1, totalCapped: false });
    });

    it('names each record by its business number: its own (order number, receipt, customer, staff), else its order’s or customer’s', async () => {
      const customerId = await addCustomer(t, admin, salesman, { companyName: '业务编号测试公司', contactName: '王五' });
      const order = await t.prisma.db.order.findFirst({ select: { id: true, orderNo: true } });
      const rows = [
        { tableName: 'NumberedA', operation: 'update', recordId: '1', after: { id: 1, orderNo: 'DL2611220009' } },
        { tableName: 'NumberedB', operation: 'create', recordId: '2', after: { id: 2, customerId } },
        { tableName: 'NumberedC', operation: 'delete', recordId: '3', before: { id: 3, amount: 5 } },
        ...(order ? [{ tableName: 'NumberedD', operation: 'create', recordId: '4', after: { id: 4, orderId: order.id } }] : []),
      ];
      await t.prisma.base.dataChangeLog.createMany({ data: rows });
      const items = (await list(admin, 'sql', { text: '', pageSize: 100 }).expect(200)).body.data.items as { tableName: string; businessNo: string | null }[];
      const numberOf = (table: string) => items.find((item) => item.tableName === table)?.businessNo;
      expect(numberOf('NumberedA')).toBe('DL2611220009');
      expect(numberOf('NumberedB')).toBe('业务编号测试公司');
      expect(numberOf('NumberedC')).toBeNull();
      if (order) expect(numberOf('NumberedD')).toBe(order.orderNo);
      // a customer's own row: its name
      expect(items.find((item) => item.tableName === 'Customer')?.businessNo).toBe('业务编号测试公司');
    });

    it('filters by time range, user, text, table and operation', async () => {
      const rows = [
        { tableName: 'Widget', operation: 'create', recordId: 'w-100', userId: salesman.userid, createdAt: ago(3 * HOUR) },
        { tableName: 'Widget', operation: 'update', recordId: 'w-100', userId: operator.userid, createdAt: ago(2 * HOUR) },
        { tableName: 'Gadget', operation: 'delete', recordId: 'g-7', userId: operator.userid, createdAt: ago(1 * HOUR) },
      ];
      await t.prisma.base.dataChangeLog.createMany({ data: rows });
      const ids = async (body: object) =>
        (await list(admin, 'sql', body).expect(200)).body.data.items.map((i: { tableName: string; operation: string }) => `${i.tableName}:${i.operation}`);
      const range = { from: ago(3.5 * HOUR).toISOString(), to: ago(0.5 * HOUR).toISOString() };
      expect(await ids(range)).toEqual(['Gadget:delete', 'Widget:update', 'Widget:create']);
      expect(await ids({ from: ago(2.5 * HOUR).toISOString(), to: ago(1.5 * HOUR).toISOString() })).toEqual(['Widget:update']);
      expect(await ids({ ...range, userId: salesman.userid })).toEqual(['Widget:create']);
      expect(await ids({ ...range, text: 'W-10' })).toEqual(['Widget:update', 'Widget:create']);
      expect(await ids({ text: 'gadg' })).toEqual(['Gadget:delete']);
      expect(await ids({ tableName: 'Widget' })).toEqual(['Widget:update', 'Widget:create']);
      expect(await ids({ tableName: 'Widget', operation: 'create' })).toEqual(['Widget:create']);
      expect(await ids({ text: '100%' })).toEqual([]);
    });

    it('counts a large result only up to the cap and says so, and pages no further than the cap', async () => {
      await t.prisma.base.$executeRaw`
        insert into data_change_log (table_name, operation, record_id)
        select 'Bulk', 'create', g::text from generate_series(1, 10050) as g`;
      const res = await list(admin, 'sql', { tableName: 'Bulk', pageSize: 50 }).expect(200);
      expect(res.body.data).toMatchObject({ totalCount: 10000, totalCapped: true, totalPage: 200 });
      expect(res.body.data.items).toHaveLength(50);
      await list(admin, 'sql', { tableName: 'Bulk', pageSize: 50, pageIndex: 200 }).expect(200);
      const beyond = await list(admin, 'sql', { tableName: 'Bulk', pageSize: 50, pageIndex: 201 }).expect(400);
      expect(fieldErrors(beyond)).toEqual({ pageIndex: ['只能翻阅前 10000 条记录，请缩小时间范围后再查'] });
      const exact = await list(admin, 'sql', { tableName: 'Bulk', text: '1005' }).expect(200);
      expect(exact.body.data).toMatchObject({ totalCount: 2, totalCapped: false });
    });

    it('is open to salesmen (log:sql) and refused to operators and customer service', async () => {
      await list(salesman, 'sql').expect(200);
      await list(operator, 'sql').expect(403);
      const res = await list(service, 'sql').expect(403);
      expect(res.body).toEqual(refusal(403, '没有权限执行此操作'));
    });

    it('refuses malformed filters with field messages', async () => {
      const res = await list(admin, 'sql', { from: 'yesterday', userId: 'x', operation: 'drop', text: 'x'.repeat(101) }).expect(400);
      expect(fieldErrors(res)).toEqual({
        from: ['时间格式错误，请使用 ISO 8601 格式，如 2026-11-22T08:00:00+08:00'],
        userId: ['用户编号无效'],
        operation: ['操作类型必须是以下之一：create, update, upsert, delete, createMany, updateMany, deleteMany'],
        text: ['查询内容不能超过 100 个字符'],
      });
      const order = await list(admin, 'sql', { from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' }).set('Accept-Language', 'en').expect(400);
      expect(fieldErrors(order)).toEqual({ to: ['The end time cannot be before the start time'] });
    });

    it('takes empty filters from a cleared form as no filter', async () => {
      const res = await list(admin, 'sql', { from: '', to: null, userId: '', text: '  ', tableName: '', operation: '' }).expect(200);
      expect(res.body.data.totalCapped).toBe(true);
    });
  });

  describe('API request log (request/list)', () => {
    it('lists the calls a user made, newest first, with status, duration, ip and redacted params', async () => {
      await requestAs(t, operator).get('/api/v1/user/info/view').expect(200);
      await requestAs(t, operator).post('/api/v1/login/modifyPwd').send({ oldPassword: 'demo123', newPassword: '1' }).expect(400);
      await t.flushAudit();
      const res = await list(admin, 'request', { userId: operator.userid }).expect(200);
      const [newest, older] = res.body.data.items;
      expect(newest).toMatchObject({
        method: 'POST',
        path: '/api/v1/login/modifyPwd',
        status: 400,
        userId: operator.userid,
        userName: '李文静',
        ip: '127.0.0.1',
      });
      expect(newest.params).toEqual({ body: { oldPassword: '******', newPassword: '******' } });
      expect(newest.durationMs).toBeGreaterThanOrEqual(0);
      expect(older).toMatchObject({ method: 'GET', path: '/api/v1/user/info/view', status: 200 });
      expect(res.body.data).toMatchObject({ totalCapped: false });
    });

    it('filters by time range, user, text, method, status range and minimum duration', async () => {
      const base = { ip: '10.0.0.9', userId: salesman.userid };
      await t.prisma.base.requestLog.createMany({
        data: [
          { ...base, method: 'GET', path: '/api/v1/probe/a', status: 200, durationMs: 12, createdAt: ago(3 * HOUR) },
          { ...base, method: 'POST', path: '/api/v1/probe/b', status: 404, durationMs: 40, createdAt: ago(2 * HOUR) },
          { ...base, method: 'POST', path: '/api/v1/probe/c', status: 500, durationMs: 2500, createdAt: ago(1 * HOUR), userId: operator.userid },
        ],
      });
      const paths = async (body: object) =>
        (await list(admin, 'request', { text: '/probe/', ...body }).expect(200)).body.data.items.map((i: { path: string }) => i.path.slice(-1));
      expect(await paths({})).toEqual(['c', 'b', 'a']);
      expect(await paths({ from: ago(2.5 * HOUR).toISOString(), to: ago(1.5 * HOUR).toISOString() })).toEqual(['b']);
      expect(await paths({ userId: salesman.userid })).toEqual(['b', 'a']);
      expect(await paths({ method: 'post' })).toEqual(['c', 'b']);
      expect(await paths({ statusFrom: 400 })).toEqual(['c', 'b']);
      expect(await paths({ statusFrom: 400, statusTo: 499 })).toEqual(['b']);
      expect(await paths({ minDurationMs: 1000 })).toEqual(['c']);
      expect(await paths({ text: '10.0.0.9' })).toEqual(['c', 'b', 'a']);
    });

    it('is refused without log:request', async () => {
      await list(salesman, 'request').expect(403);
      await list(service, 'request').expect(403);
    });

    it('refuses malformed filters with field messages', async () => {
      const res = await list(admin, 'request', { method: 'FETCH', statusFrom: 99, minDurationMs: -1 }).expect(400);
      expect(fieldErrors(res)).toEqual({
        method: ['请求方式必须是 GET、POST、PUT、PATCH 或 DELETE'],
        statusFrom: ['状态码必须是 100 到 599 的整数'],
        minDurationMs: ['耗时必须是不小于 0 的整数（毫秒）'],
      });
      const order = await list(admin, 'request', { statusFrom: 500, statusTo: 400 }).expect(400);
      expect(fieldErrors(order)).toEqual({ statusTo: ['状态码上限不能小于下限'] });
      const page = await list(admin, 'request', { pageSize: 500 }).expect(400);
      expect(fieldErrors(page)).toEqual({ pageSize: ['分页参数错误'] });
    });
  });

  describe('exception log (error/list, error/detail)', () => {
    let failureId: number;

    it('lists an unexpected failure without its stack, and shows the stack in the detail', async () => {
      await t.prisma.base.$executeRawUnsafe('alter table ship_type rename to ship_type_gone');
      try {
        await requestAs(t, salesman).post('/api/v1/order/enum/shipType').expect(500);
      } finally {
        await t.prisma.base.$executeRawUnsafe('alter table ship_type_gone rename to ship_type');
      }
      await t.flushAudit();
      const res = await list(admin, 'error').expect(200);
      const [row] = res.body.data.items;
      expect(row).toMatchObject({ method: 'POST', route: '/api/v1/order/enum/shipType', userId: salesman.userid, userName: '张晓明' });
      expect(row).not.toHaveProperty('stack');
      failureId = row.id;
      const detail = await requestAs(t, admin).get(`/api/v1/log/error/detail/${failureId}`).expect(200);
      expect(detail.body.data).toMatchObject({ id: failureId, route: '/api/v1/order/enum/shipType', userName: '张晓明' });
      expect(detail.body.data.stack).toMatch(/ship_type/);
    });

    it('filters by time range, user and text in the message or route', async () => {
      await t.prisma.base.errorLog.createMany({
        data: [
          { message: 'disk full', route: '/api/v1/file/update', userId: operator.userid, createdAt: ago(2 * HOUR) },
          { message: 'timeout talking to carrier', route: '/api/v1/order/track', userId: salesman.userid, createdAt: ago(1 * HOUR) },
        ],
      });
      const messages = async (body: object) => (await list(admin, 'error', body).expect(200)).body.data.items.map((i: { message: string }) => i.message);
      expect(await messages({ from: ago(3 * HOUR).toISOString(), to: ago(0.5 * HOUR).toISOString() })).toEqual(['timeout talking to carrier', 'disk full']);
      expect(await messages({ from: ago(3 * HOUR).toISOString(), to: ago(1.5 * HOUR).toISOString() })).toEqual(['disk full']);
      expect(await messages({ userId: operator.userid })).toEqual(['disk full']);
      expect(await messages({ text: 'CARRIER' })).toEqual(['timeout talking to carrier']);
      expect(await messages({ text: 'file/update' })).toEqual(['disk full']);
      const page = await list(admin, 'error', { pageSize: 1, pageIndex: 2 }).expect(200);
      expect(page.body.data).toMatchObject({ totalCount: 3, totalPage: 3, pageIndex: 2 });
    });

    it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
      await requestAs(t, admin).get('/api/v1/log/error/detail/999999').expect(404);
      const res = await requestAs(t, admin).get('/api/v1/log/error/detail/1.5').expect(400);
      expect(fieldErrors(res)).toEqual({ id: ['编号无效'] });
      await requestAs(t, admin).get('/api/v1/log/error/detail/abc').expect(400);
      await requestAs(t, admin).get('/api/v1/log/error/detail/99999999999999999999').expect(400);
    });

    it('is refused without log:error', async () => {
      await list(salesman, 'error').expect(403);
      await requestAs(t, service).get(`/api/v1/log/error/detail/${failureId}`).expect(403);
    });
  });

  describe('file storage (files/list, files/download)', () => {
    const bytes = PNG;
    let stored: { id: number; filePath: string };

    const download = (s: Session, id: number) =>
      requestAs(t, s)
        .get(`/api/v1/log/files/download/${id}`)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });

    beforeAll(async () => {
      const upload = await requestAs(t, salesman)
        .post('/api/v1/file/update')
        .attach('file', bytes, { filename: '装箱单 "A" 2026.png', contentType: 'image/png' })
        .expect(200);
      stored = upload.body.data;
      await requestAs(t, admin)
        .post('/api/v1/file/update?use=document')
        .attach('file', pdf(), { filename: 'rates.pdf', contentType: 'application/pdf' })
        .expect(200);
    });

    it('lists stored files newest first with size, type, uploader and url', async () => {
      const res = await list(admin, 'files').expect(200);
      expect(res.body.data.items.map((i: { fileName: string }) => i.fileName)).toEqual(['rates.pdf', '装箱单 "A" 2026.png']);
      expect(res.body.data.items[1]).toMatchObject({
        id: stored.id,
        size: bytes.length,
        mimeType: 'image/png',
        uploaderId: salesman.userid,
        uploaderName: '张晓明',
        url: expect.stringContaining(`/files/${stored.filePath}?expires=`),
      });
      expect(res.body.data.totalCount).toBe(2);
    });

    it('filters by uploader, text and time range', async () => {
      const names = async (body: object) => (await list(admin, 'files', body).expect(200)).body.data.items.map((i: { fileName: string }) => i.fileName);
      expect(await names({ userId: salesman.userid })).toEqual(['装箱单 "A" 2026.png']);
      expect(await names({ text: '装箱' })).toEqual(['装箱单 "A" 2026.png']);
      expect(await names({ text: 'application/pdf' })).toEqual(['rates.pdf']);
      expect(await names({ from: ago(HOUR).toISOString(), to: new Date(Date.now() + HOUR).toISOString() })).toHaveLength(2);
      expect(await names({ to: ago(HOUR).toISOString() })).toEqual([]);
    });

    it('streams the stored bytes under the original UTF-8 name', async () => {
      const res = await download(admin, stored.id).expect(200);
      expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-length']).toBe(String(bytes.length));
      const disposition = res.headers['content-disposition'];
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1])).toBe('装箱单 "A" 2026.png');
    });

    it('answers 404 when the record or the file on disk is gone', async () => {
      await download(admin, 999999).expect(404);
      await download(admin, 99999999999).expect(400);
      const gone = await requestAs(t, admin).post('/api/v1/file/update').attach('file', PNG, { filename: 'gone.png', contentType: 'image/png' }).expect(200);
      rmSync(path.join(t.config.uploadDir, gone.body.data.filePath));
      const res = await requestAs(t, admin).get(`/api/v1/log/files/download/${gone.body.data.id}`).expect(404);
      expect(res.body.message).toBe('文件已不在存储位置');
    });

    it('is refused without file:list, also for the download', async () => {
      await list(salesman, 'files').expect(403);
      await download(salesman, stored.id).expect(403);
    });
  });

  describe('warehouse receipts (goods/list)', () => {
    /** A receipt as JSON carries it (its times come as strings, unread here). */
    type Receipt = Omit<WarehouseReceipt, 'receivedAt' | 'recordedAt'>;
    let mine: { id: number; orderNo: string };
    let theirs: { id: number; orderNo: string };
    const receiptNos: string[] = [];

    beforeAll(async () => {
      // the fixture's own sign-ins would end this suite's sessions (one session per account): its calls, our sessions
      const port = await addPorts(t, admin, linePorts('dedicatedline', 'airtransport'));
      const customer = (by: Session, companyName: string) => addCustomer(t, admin, by, { companyName, contactName: '王五' });
      const order = async (line: string, customerId: number, route: object, over: object = {}) =>
        (
          await requestAs(t, admin)
            .put(`/api/v1/order/${line}/add`)
            .send({ customerId, goodsName: '服装', ...route, ...over })
            .expect(200)
        ).body.data;
      mine = await order('dedicatedline', await customer(salesman, '入仓测试公司'), lineRoute(port, 'dedicatedline'));
      theirs = await order('airtransport', await customer(admin, '别人的入仓客户'), lineRoute(port, 'airtransport'), {
        packages: 1,
        grossWeight: 10,
        volume: 0.1,
      });
      const register = async (orderId: number, body: object, by: Session) =>
        receiptNos.push(
          (
            await requestAs(t, by)
              .post('/api/v1/order/register')
              .send({ orderId, ...body })
              .expect(200)
          ).body.data.receipt.receiptNo,
        );
      await register(mine.id, { packages: 2, grossWeight: 26, volume: 0.1, remark: 'first lot' }, operator);
      await register(mine.id, { packages: 5, grossWeight: 80.5, volume: 0.6, location: 'B-07' }, admin);
      await requestAs(t, operator)
        .post('/api/v1/order/upgrade/warehouse')
        .send({ ids: [theirs.id] })
        .expect(200);
      // written at different moments, so the newest-first order is certain
      const receipts = await t.prisma.base.orderCargoReceipt.findMany({ where: { orderId: mine.id }, orderBy: { id: 'asc' } });
      await t.prisma.base.orderCargoReceipt.update({ where: { id: receipts[0].id }, data: { createdAt: ago(3 * HOUR) } });
      await t.prisma.base.orderCargoReceipt.update({ where: { id: receipts[1].id }, data: { createdAt: ago(2 * HOUR) } });
    });

    const receipts = async (s: Session, body: object = {}) => (await list(s, 'goods', body).expect(200)).body.data.items as Receipt[];
    const summary = (items: Receipt[]) => items.map((r) => `${r.kind} ${r.orderNo}/${r.packages}`);

    it('lists every receipt — cargo registrations and stage-move receipts — newest first, with number, figures, chargeable weight and receiver', async () => {
      const items = await receipts(admin);
      expect(summary(items)).toEqual([`stage ${theirs.orderNo}/1`, `register ${mine.orderNo}/5`, `register ${mine.orderNo}/2`]);
      expect(items[1]).toMatchObject({
        receiptNo: receiptNos[1],
        grossWeight: 80.5,
        volume: 0.6,
        chargeableWeight: 120,
        location: 'B-07',
        receivedByName: '系统管理员',
      });
      expect(items[2]).toMatchObject({
        receiptNo: receiptNos[0],
        grossWeight: 26,
        volume: 0.1,
        chargeableWeight: 26,
        remark: 'first lot',
        receivedByName: '李文静',
      });
      // air: 1:6000 (167 kg per cbm)
      expect(items[0]).toMatchObject({
        receiptNo: expect.stringMatching(/^WR\d{10}$/),
        grossWeight: 10,
        volume: 0.1,
        chargeableWeight: 16.7,
        receivedByName: '李文静',
      });
      const paged = await list(admin, 'goods', { pageSize: 2, pageIndex: 2 }).expect(200);
      expect(paged.body.data).toMatchObject({ totalCount: 3, totalPage: 2 });
      expect(paged.body.data.items.map((r: Receipt) => r.receiptNo)).toEqual([receiptNos[0]]);
    });

    it('filters by when the receipt was written, who received the goods, and text in the order number, receipt number or remark', async () => {
      expect(summary(await receipts(admin, { from: ago(2.5 * HOUR).toISOString(), to: ago(1.5 * HOUR).toISOString() }))).toEqual([
        `register ${mine.orderNo}/5`,
      ]);
      expect(summary(await receipts(admin, { userId: operator.userid }))).toEqual([`stage ${theirs.orderNo}/1`, `register ${mine.orderNo}/2`]);
      expect(summary(await receipts(admin, { text: receiptNos[1].toLowerCase() }))).toEqual([`register ${mine.orderNo}/5`]);
      expect(summary(await receipts(admin, { text: 'FIRST LOT' }))).toEqual([`register ${mine.orderNo}/2`]);
      expect(summary(await receipts(admin, { text: theirs.orderNo }))).toEqual([`stage ${theirs.orderNo}/1`]);
    });

    it('keeps to the caller’s order scope: a salesman granted log:goods sees the receipts of their own customers’ orders only', async () => {
      await grant(t, 'salesman', ['log:goods']);
      t.app.get(GrantsService).invalidate();
      expect(summary(await receipts(salesman))).toEqual([`register ${mine.orderNo}/5`, `register ${mine.orderNo}/2`]);
    });

    it('is open to operators (log:goods) and refused to customer service', async () => {
      expect(await receipts(operator)).toHaveLength(3);
      await list(service, 'goods').expect(403);
    });
  });

  describe('notice log (notice/list)', () => {
    let salesRoleId: number;

    beforeAll(async () => {
      salesRoleId = (await t.prisma.db.role.findUniqueOrThrow({ where: { code: 'salesman' } })).id;
      const notice = (title: string, data: object) => ({ title, content: '<p>x</p>', createdBy: admin.userid, ...data });
      const everyone = await t.prisma.db.notice.create({ data: notice('年终盘点安排', { status: 'published', publishedAt: ago(3 * HOUR) }) });
      await t.prisma.db.notice.create({
        data: notice('销售提成调整', {
          audience: 'roles',
          audienceRoleIds: [salesRoleId],
          status: 'published',
          publishedAt: ago(2 * HOUR),
          createdBy: operator.userid,
        }),
      });
      const named = await t.prisma.db.notice.create({
        data: notice('仓库搬迁通知', {
          audience: 'users',
          audienceUserIds: [operator.userid, service.userid],
          status: 'withdrawn',
          publishedAt: ago(1 * HOUR),
          withdrawnAt: ago(0.5 * HOUR),
        }),
      });
      await t.prisma.db.notice.create({ data: notice('草稿', { status: 'draft' }) });
      await t.prisma.db.noticeRead.createMany({
        data: [
          { noticeId: everyone.id, userId: salesman.userid },
          { noticeId: everyone.id, userId: operator.userid },
          { noticeId: named.id, userId: operator.userid },
          // read before the audience was narrowed: not an audience member, not counted
          { noticeId: named.id, userId: salesman.userid },
        ],
      });
    });

    it('lists published and withdrawn notices with times, author, audience and read counts (drafts left out)', async () => {
      const staff = await t.prisma.db.user.count({ where: { enabled: true, deletedAt: null } });
      const res = await list(admin, 'notice').expect(200);
      expect(res.body.data.items.map((i: { title: string; readCount: number; audienceSize: number }) => [i.title, i.readCount, i.audienceSize])).toEqual([
        ['仓库搬迁通知', 1, 2],
        ['销售提成调整', 0, 2], // the role's two demo salesmen
        ['年终盘点安排', 2, staff],
      ]);
      expect(res.body.data.items[0]).toMatchObject({
        status: 'withdrawn',
        audience: 'users',
        audienceUserIds: [operator.userid, service.userid],
        authorName: '系统管理员',
      });
      expect(res.body.data.items[0].withdrawnAt).toBeTruthy();
      expect(res.body.data.items[1]).toMatchObject({
        audience: 'roles',
        audienceRoleIds: [salesRoleId],
        authorId: operator.userid,
        authorName: '李文静',
        withdrawnAt: null,
      });
      expect(res.body.data.totalCount).toBe(3);
    });

    it('filters by publication time, author, title and status', async () => {
      const titles = async (body: object) => (await list(admin, 'notice', body).expect(200)).body.data.items.map((i: { title: string }) => i.title);
      expect(await titles({ from: ago(2.5 * HOUR).toISOString(), to: ago(1.5 * HOUR).toISOString() })).toEqual(['销售提成调整']);
      expect(await titles({ userId: operator.userid })).toEqual(['销售提成调整']);
      expect(await titles({ text: '盘点' })).toEqual(['年终盘点安排']);
      expect(await titles({ status: 'withdrawn' })).toEqual(['仓库搬迁通知']);
      const res = await list(admin, 'notice', { status: 'draft' }).expect(400);
      expect(fieldErrors(res)).toEqual({ status: ['通知状态必须是已发布或已撤回'] });
    });

    it('is refused without log:notice', async () => {
      await list(salesman, 'notice').expect(403);
      await list(operator, 'notice').expect(403);
    });
  });

  describe('retention (purge)', () => {
    const purge = (s: Session) => requestAs(t, s).post('/api/v1/log/purge');
    const DAY = 24 * HOUR;

    it('deletes request, exception and operation log rows older than log.retentionDays, in batches', async () => {
      await t.prisma.base.$executeRaw`
        insert into request_log (method, path, status, duration_ms, created_at)
        select 'GET', '/api/v1/ancient', 200, 1, now() - interval '200 days' from generate_series(1, 12000)`;
      await t.prisma.base.requestLog.create({ data: { method: 'GET', path: '/api/v1/recent', status: 200, durationMs: 1, createdAt: ago(179 * DAY) } });
      await t.prisma.base.errorLog.createMany({
        data: [
          { message: 'ancient', createdAt: ago(181 * DAY) },
          { message: 'recent', createdAt: ago(DAY) },
        ],
      });
      await t.prisma.base.dataChangeLog.createMany({
        data: [
          { tableName: 'Ancient', operation: 'update', createdAt: ago(365 * DAY) },
          { tableName: 'Recent', operation: 'update' },
        ],
      });

      const res = await purge(admin).expect(200);
      expect(res.body.message).toBe('已清理 180 天前的日志');
      expect(res.body.data).toMatchObject({ retentionDays: 180, requests: 12000, errors: 1, dataChanges: 1 });
      expect(Math.abs(new Date(res.body.data.cutoff).getTime() - ago(180 * DAY).getTime())).toBeLessThan(60_000);
      expect(await t.prisma.base.requestLog.count({ where: { path: '/api/v1/ancient' } })).toBe(0);
      expect(await t.prisma.base.requestLog.count({ where: { path: '/api/v1/recent' } })).toBe(1);
      expect(await t.prisma.base.errorLog.findMany({ where: { message: { in: ['ancient', 'recent'] } }, select: { message: true } })).toEqual([
        { message: 'recent' },
      ]);
      expect(await t.prisma.base.dataChangeLog.count({ where: { tableName: { in: ['Ancient', 'Recent'] } } })).toBe(1);
    });

    it('follows a changed retention, and purges nothing when it is below one day', async () => {
      const settings = t.app.get(SettingsService);
      await t.prisma.db.systemSetting.create({ data: { key: 'log.retentionDays', value: 30, valueType: 'number', label: '日志保留天数' } });
      settings.invalidate();
      await t.prisma.base.errorLog.create({ data: { message: 'forty days old', createdAt: ago(40 * DAY) } });
      const res = await purge(admin).expect(200);
      expect(res.body.data).toMatchObject({ retentionDays: 30, errors: 1 });

      await t.prisma.db.systemSetting.update({ where: { key: 'log.retentionDays' }, data: { value: 0 } });
      settings.invalidate();
      await t.prisma.base.errorLog.create({ data: { message: 'a year old', createdAt: ago(365 * DAY) } });
      const off = await purge(admin).set('Accept-Language', 'en').expect(200);
      expect(off.body).toMatchObject({
        message: 'The log retention is below 1 day; nothing was purged',
        data: { retentionDays: 0, cutoff: null, requests: 0, errors: 0, dataChanges: 0 },
      });
      expect(await t.prisma.base.errorLog.count({ where: { message: 'a year old' } })).toBe(1);
    });

    it('is refused without log:request', async () => {
      await purge(salesman).expect(403);
      await purge(service).expect(403);
    });
  });
});
