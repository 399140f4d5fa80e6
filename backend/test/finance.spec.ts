import type { OrderStage } from '@forwarder/domain';
import { fieldErrors, FORBIDDEN, getData, refusal, requestAs, type Session, STALE, useTestApp } from './app.js';
import { addDedicatedOrder, addDedicatedQuotation, dedicatedLineCustomer, moveDedicatedOrder, ORDER_STAFF } from './order-fixtures.js';
import { GrantsService } from '../src/auth/grants.service.js';
import { corruptedWorkbook, readWorkbook, sheetValues, workbookFile } from './xlsx.js';

process.env.CUSTOMER_POOL_SCHEDULED = 'false';

type Rec = {
  id: number;
  recordNo: string;
  status: string;
  ver: number;
  amount: number;
  rate: number;
  bookAmount: number;
  orderId: number | null;
  customerId: number | null;
  [k: string]: unknown;
};
type Figures = {
  revenue: number;
  payable: number;
  expense: number;
  cost: number;
  received: number;
  outstanding: number;
  profit: number;
  margin: number | null;
  billedOn: string | null;
};

describe('finance', () => {
  const { t, admin, sales, op, fin, cs } = useTestApp(ORDER_STAFF);
  let customerId: number;
  let port: Record<string, number> = {};

  const order = (path: string) => `/api/v1/order/${path}`;
  const finance = (path: string) => `/api/v1/finance/${path}`;
  const post = (path: string, by: Session, body: object = {}) => requestAs(t, by).post(path).send(body);

  const addOrder = (over: Record<string, unknown> = {}) => addDedicatedOrder(t, sales, { port, customerId }, over);
  const moveTo = (id: number, target: OrderStage) => moveDedicatedOrder(t, id, target, (stage) => (stage === 'brokerage' ? admin : op));
  const orderDetail = async (id: number) => (await getData(t, admin, order(`detail/${id}`))) as { id: number; stage: string; ver: number };

  const addRecord = (kind: 'outgoing' | 'entry', body: Record<string, unknown>, by: Session = sales) =>
    post(order(`finance/add/${kind}`), by, {
      type: kind === 'entry' ? '运费收款' : '运费',
      amount: 100,
      currency: 'CNY',
      counterparty: '客户甲',
      method: '银行转账',
      paidOn: '2026-11-20',
      ...body,
    });
  const record = async (id: number, by: Session = fin) =>
    (await getData(t, by, finance(`record/${id}`))) as Rec & {
      logs: { action: string; fromStatus: string | null; toStatus: string | null; reason: string | null; userName: string }[];
    };
  const charge = (kind: 'receivable' | 'payable', orderId: number, body: Record<string, unknown> = {}) =>
    post(order(`finance/add/${kind}`), fin, { orderId, type: '运费', amount: 1000, currency: 'CNY', ...body });
  const figures = async (orderId: number) => (await getData(t, fin, order(`verify/detail/${orderId}`))).figures as Figures;
  /** A record taken to `pending` (registered by sales, submitted). */
  const pendingEntry = async (orderId: number, body: Record<string, unknown> = {}) =>
    (await addRecord('entry', { orderId, submit: true, ...body }).expect(200)).body.data as Rec;
  const pass = async (rec: Rec) => (await post(order('finance/single/verify'), fin, { id: rec.id, ver: rec.ver, pass: true }).expect(200)).body.data as Rec;

  beforeAll(async () => {
    ({ port, customerId } = await dedicatedLineCustomer(t, admin, sales, '财务测试公司'));
  }, 120_000);

  describe('registering records', () => {
    it('refuses an amount whose book amount (amount × rate) would not fit the column, on the amount field', async () => {
      const o = await addOrder();
      const before = await t.prisma.db.financeRecord.count();
      const res = await addRecord('entry', { orderId: o.id, amount: 999_999_999_999.99, currency: 'USD', rate: 7 }).expect(400);
      expect(fieldErrors(res)).toEqual({ amount: ['折合人民币金额不能超过 999999999999.99'] });
      expect(await t.prisma.db.financeRecord.count()).toBe(before);
    });

    it('registers an entry for an order with its number, customer and book amount, and an outgoing without order', async () => {
      const o = await addOrder();
      const entry = (await addRecord('entry', { orderId: o.id, amount: 100, currency: 'USD', rate: 7.1234 }).expect(200)).body.data as Rec;
      expect(entry).toMatchObject({
        status: 'registered',
        orderId: o.id,
        orderNo: o.orderNo,
        customerId,
        customerName: '财务测试公司',
        amount: 100,
        rate: 7.1234,
        bookAmount: 712.34,
        paidOn: '2026-11-20',
        createdByName: '张晓明',
      });
      expect(entry.recordNo).toMatch(/^FE\d{6}\d{5}$/);
      const office = (await addRecord('outgoing', { type: '办公费', amount: 88.8, counterparty: '文具店' }, op).expect(200)).body.data as Rec;
      expect(office).toMatchObject({ orderId: null, customerId: null, rate: 1, bookAmount: 88.8, status: 'registered' });
      expect(office.recordNo).toMatch(/^FO/);
    });

    it('refuses an entry without order, a foreign currency without rate, unknown dictionary values and a bad day', async () => {
      const o = await addOrder();
      const res = await addRecord('entry', { currency: 'USD', type: '乱写', method: '刷脸', paidOn: '2026-13-01' }).expect(400);
      const errors = fieldErrors(res);
      expect(Object.keys(errors).sort()).toEqual(['paidOn']);
      const res2 = await addRecord('entry', { currency: 'USD', type: '乱写', method: '刷脸' }).expect(400);
      expect(Object.keys(fieldErrors(res2)).sort()).toEqual(['method', 'orderId', 'rate', 'type']);
      const noRate = await addRecord('entry', { orderId: o.id, currency: 'EUR' }).expect(400);
      expect(fieldErrors(noRate)).toEqual({ rate: ['非人民币须填写折合人民币的汇率'] });
      const negative = await addRecord('entry', { orderId: o.id, amount: 0, rate: -1 }).expect(400);
      expect(Object.keys(fieldErrors(negative)).sort()).toEqual(['amount', 'rate']);
    });

    it('guards each kind by its code: customer service registers neither, finance:edit adds charges', async () => {
      const o = await addOrder();
      expect((await addRecord('entry', { orderId: o.id }, cs).expect(403)).text).toContain(FORBIDDEN);
      await addRecord('entry', { orderId: o.id }, op).expect(403); // operators hold finance:outgoing only
      await charge('receivable', o.id).expect(200);
      await post(order('finance/add/receivable'), sales, { orderId: o.id, type: '运费', amount: 1, currency: 'CNY' }).expect(403);
    });

    it('answers a kind of record or a book it does not know as an unknown path, to anyone', async () => {
      for (const path of ['finance/add/refund', 'finance/outgoing/lock/1', 'finance/add/Receivables']) {
        for (const req of [t.http().post(order(path)), requestAs(t, fin).post(order(path))]) {
          const res = await req.send({ ver: 1 });
          expect([res.status, res.body]).toEqual([404, refusal(404, `接口不存在：/api/v1/order/${path}`)]);
        }
      }
    });
  });

  describe('record life', () => {
    it('goes registered → pending → locked, each move in its trail, and counts on the order only once locked', async () => {
      const o = await addOrder();
      const reg = (await addRecord('entry', { orderId: o.id, amount: 300 }).expect(200)).body.data as Rec;
      const edited = (await post(order('finance/update'), sales, { id: reg.id, ver: reg.ver, amount: 350 }).expect(200)).body.data as Rec;
      expect(edited).toMatchObject({ amount: 350, bookAmount: 350, status: 'registered', ver: reg.ver + 1 });
      await post(order('finance/batch/amend'), sales, { ids: [reg.id] }).expect(200);
      const pending = await record(reg.id);
      expect(pending.status).toBe('pending');
      expect((await figures(o.id)).received).toBe(0);
      await post(order('finance/single/verify'), sales, { id: reg.id, ver: pending.ver, pass: true }).expect(403);
      const locked = await pass(pending);
      expect(locked).toMatchObject({ status: 'locked', auditedByName: '王海燕' });
      expect((await figures(o.id)).received).toBe(350);
      const trail = (await record(reg.id)).logs.map((l) => [l.action, l.fromStatus, l.toStatus]);
      expect(trail).toEqual([
        ['register', null, 'registered'],
        ['update', 'registered', 'registered'],
        ['submit', 'registered', 'pending'],
        ['pass', 'pending', 'locked'],
      ]);
    });

    it('refuses with a reason; the owner amends the refused record back to audit', async () => {
      const o = await addOrder();
      const rec = await pendingEntry(o.id);
      const noReason = await post(order('finance/single/verify'), fin, { id: rec.id, ver: rec.ver, pass: false }).expect(400);
      expect(Object.keys(fieldErrors(noReason))).toEqual(['reason']);
      const refused = (await post(order('finance/single/verify'), fin, { id: rec.id, ver: rec.ver, pass: false, reason: '金额与回单不符' }).expect(200)).body
        .data as Rec;
      expect(refused).toMatchObject({ status: 'refused', refuseReason: '金额与回单不符' });
      await post(order('finance/update'), sales, { id: rec.id, ver: refused.ver, amount: 1 }).expect(400); // update is for registered records
      const amended = (await post(order('finance/rejected/amend'), sales, { id: rec.id, ver: refused.ver, amount: 120 }).expect(200)).body.data as Rec;
      expect(amended).toMatchObject({ status: 'pending', amount: 120 });
      expect((await record(rec.id)).logs.map((l) => l.action)).toEqual(['register', 'submit', 'refuse', 'amend']);
    });

    it('unlocks a locked record with a reason (its amount leaves the order), amends it back to audit, or locks it again unchanged', async () => {
      const o = await addOrder();
      const locked = await pass(await pendingEntry(o.id, { amount: 500 }));
      expect((await figures(o.id)).received).toBe(500);
      await post(order(`finance/unlocked/${locked.id}`), fin, { ver: locked.ver }).expect(400);
      await post(order(`finance/unlocked/${locked.id}`), sales, { ver: locked.ver, reason: 'x' }).expect(403);
      const unlocked = (await post(order(`finance/unlocked/${locked.id}`), fin, { ver: locked.ver, reason: '客户退款' }).expect(200)).body.data as Rec;
      expect(unlocked).toMatchObject({ status: 'unlocked', unlockReason: '客户退款' });
      expect((await figures(o.id)).received).toBe(0);
      // pay/lock is for outgoing records: an entry is not found there
      await post(order(`finance/pay/lock/${locked.id}`), fin, { ver: unlocked.ver }).expect(404);
      const relocked = (await post(order(`finance/entry/lock/${locked.id}`), fin, { ver: unlocked.ver }).expect(200)).body.data as Rec;
      expect(relocked).toMatchObject({ status: 'locked', amount: 500 });
      expect((await figures(o.id)).received).toBe(500);
      const again = (await post(order(`finance/unlocked/${locked.id}`), fin, { ver: relocked.ver, reason: '金额更正' }).expect(200)).body.data as Rec;
      await post(order('finance/unlocked/amend'), sales, { id: locked.id, ver: again.ver, amount: 450 }).expect(403);
      const amended = (await post(order('finance/unlocked/amend'), fin, { id: locked.id, ver: again.ver, amount: 450 }).expect(200)).body.data as Rec;
      expect(amended).toMatchObject({ status: 'pending', amount: 450 });
      await pass(amended);
      expect((await figures(o.id)).received).toBe(450);
    });

    it('an outgoing for an order counts as its expense once locked; pay/lock re-locks it', async () => {
      const o = await addOrder();
      const out = (await addRecord('outgoing', { orderId: o.id, amount: 80, submit: true }).expect(200)).body.data as Rec;
      const locked = await pass(out);
      expect(await figures(o.id)).toMatchObject({ expense: 80, cost: 80 });
      const unlocked = (await post(order(`finance/unlocked/${out.id}`), fin, { ver: locked.ver, reason: '核对' }).expect(200)).body.data as Rec;
      await post(order(`finance/entry/lock/${out.id}`), fin, { ver: unlocked.ver }).expect(404);
      await post(order(`finance/pay/lock/${out.id}`), fin, { ver: unlocked.ver }).expect(200);
      expect((await figures(o.id)).expense).toBe(80);
    });

    it('a locked record refuses every change, from anybody, and the database refuses it too', async () => {
      const o = await addOrder();
      const locked = await pass(await pendingEntry(o.id, { amount: 200 }));
      const moveRefused = (text: string) => expect(text).toContain('当前为“已锁定”');
      for (const who of [sales, fin, admin]) {
        moveRefused((await post(order('finance/update'), who, { id: locked.id, ver: locked.ver, amount: 1 }).expect(400)).text);
        moveRefused((await post(order('finance/rejected/amend'), who, { id: locked.id, ver: locked.ver, amount: 1 }).expect(400)).text);
        moveRefused((await post(order('finance/batch/amend'), who, { ids: [locked.id] }).expect(400)).text);
        // salesmen lack the codes of these two altogether
        const finOnly = who === sales ? 403 : 400;
        const text = (res: { text: string }) => (who === sales ? (expect(res.text).toContain(FORBIDDEN), '当前为“已锁定”') : res.text);
        moveRefused(text(await post(order('finance/unlocked/amend'), who, { id: locked.id, ver: locked.ver, amount: 1 }).expect(finOnly)));
        moveRefused(text(await post(order('finance/entry/lock/' + locked.id), who, { ver: locked.ver }).expect(finOnly)));
        moveRefused(
          (
            await requestAs(t, who)
              .delete(order(`finance/delete/${locked.id}`))
              .expect(400)
          ).text,
        );
      }
      moveRefused((await post(order('finance/single/verify'), fin, { id: locked.id, ver: locked.ver, pass: false, reason: 'x' }).expect(400)).text);
      moveRefused((await post(order('finance/batch/verify'), admin, { ids: [locked.id], pass: true }).expect(400)).text);
      await expect(t.prisma.db.financeRecord.update({ where: { id: locked.id }, data: { amount: 1 } })).rejects.toThrow(/is locked/);
      await expect(t.prisma.db.financeRecord.delete({ where: { id: locked.id } })).rejects.toThrow(/cannot be deleted/);
      expect(await record(locked.id)).toMatchObject({ status: 'locked', amount: 200, ver: locked.ver });
      expect((await figures(o.id)).received).toBe(200);
    });

    it('deletes only before verification: the owner their own, finance any', async () => {
      const o = await addOrder();
      const mine = (await addRecord('entry', { orderId: o.id }).expect(200)).body.data as Rec;
      const theirs = (await addRecord('outgoing', { orderId: o.id }, op).expect(200)).body.data as Rec;
      await requestAs(t, sales)
        .delete(order(`finance/delete/${theirs.id}`))
        .expect(404); // not in the salesman's scope
      await requestAs(t, sales)
        .delete(order(`finance/delete/${mine.id}`))
        .expect(200);
      await requestAs(t, fin)
        .delete(order(`finance/delete/${theirs.id}`))
        .expect(200);
      const pending = await pendingEntry(o.id);
      await requestAs(t, sales)
        .delete(order(`finance/delete/${pending.id}`))
        .expect(200);
      // the trail of a deleted record stays
      const logs = await t.prisma.db.financeRecordLog.findMany({ where: { recordId: pending.id }, orderBy: { id: 'asc' } });
      expect(logs.map((l) => l.action)).toEqual(['register', 'submit', 'delete']);
    });

    it('answers 409 for a stale ver and 404 for a record out of scope', async () => {
      const o = await addOrder();
      const rec = (await addRecord('entry', { orderId: o.id }).expect(200)).body.data as Rec;
      await post(order('finance/update'), sales, { id: rec.id, ver: rec.ver, amount: 101 }).expect(200);
      expect((await post(order('finance/update'), sales, { id: rec.id, ver: rec.ver, amount: 102 }).expect(409)).text).toContain(STALE);
      const opRecord = (await addRecord('outgoing', {}, op).expect(200)).body.data as Rec;
      await requestAs(t, sales)
        .get(finance(`record/${opRecord.id}`))
        .expect(404);
      await post(order('finance/update'), sales, { id: opRecord.id, ver: opRecord.ver, amount: 1 }).expect(404);
    });

    it('batches are all or nothing and name every record that cannot move', async () => {
      const o = await addOrder();
      const a = await pendingEntry(o.id, { amount: 10 });
      const b = await pendingEntry(o.id, { amount: 20 });
      const c = (await addRecord('entry', { orderId: o.id, amount: 30 }).expect(200)).body.data as Rec;
      const res = await post(order('finance/batch/verify'), fin, { ids: [a.id, b.id, c.id], pass: true }).expect(400);
      expect(fieldErrors(res).ids).toEqual([expect.stringContaining(`${c.recordNo} 当前为“已登记”`)]);
      expect((await record(a.id)).status).toBe('pending');
      await post(order('finance/batch/verify'), fin, { ids: [a.id, b.id, 999999], pass: true }).expect(404);
      const ok = await post(order('finance/batch/verify'), fin, { ids: [a.id, b.id], pass: true }).expect(200);
      expect(ok.body).toMatchObject({ data: { count: 2 }, message: '已审核通过 2 条单据' });
      expect((await figures(o.id)).received).toBe(30);
    });
  });

  describe('concurrent verification', () => {
    it('lets only one of two simultaneous verifications of a record win, and counts it once', async () => {
      const o = await addOrder();
      const rec = await pendingEntry(o.id, { amount: 777 });
      const attempts = await Promise.all(Array.from({ length: 4 }, () => post(order('finance/single/verify'), fin, { id: rec.id, ver: rec.ver, pass: true })));
      expect(attempts.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
      expect((await figures(o.id)).received).toBe(777);
      expect((await record(rec.id)).logs.filter((l) => l.action === 'pass')).toHaveLength(1);
    });

    it('two batches over the same records: one passes them, the other is refused; nothing double-counted', async () => {
      const o = await addOrder();
      const recs = await Promise.all([pendingEntry(o.id, { amount: 1 }), pendingEntry(o.id, { amount: 2 }), pendingEntry(o.id, { amount: 4 })]);
      const ids = recs.map((r) => r.id);
      const [x, y] = await Promise.all([
        post(order('finance/batch/verify'), fin, { ids, pass: true }),
        post(order('finance/batch/verify'), fin, { ids: [...ids].reverse(), pass: true }),
      ]);
      expect([x.status, y.status].sort()).toEqual([200, 400]);
      expect((await figures(o.id)).received).toBe(7);
    });

    it('verifications of different records of one order both land in its figures', async () => {
      const o = await addOrder();
      const recs = await Promise.all(Array.from({ length: 5 }, (_, i) => pendingEntry(o.id, { amount: 10 * (i + 1) })));
      await Promise.all(recs.map((r) => post(order('finance/single/verify'), fin, { id: r.id, ver: r.ver, pass: true }).expect(200)));
      expect((await figures(o.id)).received).toBe(150);
    });
  });

  describe('lists', () => {
    it('shows each screen its state and sums every filtered row per currency, beyond the page', async () => {
      const o = await addOrder();
      const tag = `合计测试${Date.now()}`;
      const mk = (amount: number, currency: string, rate?: number) => addRecord('entry', { orderId: o.id, amount, currency, rate, remark: tag }).expect(200);
      await mk(100.1, 'CNY');
      await mk(200.2, 'CNY');
      await mk(10, 'USD', 7.1);
      await mk(5.55, 'USD', 7.1);
      await mk(1, 'EUR', 7.77777);
      const res = await post(order('finance/list'), fin, { kind: 'entry', view: 'register', key: tag, pageSize: 1 }).expect(200);
      expect(res.body.data).toMatchObject({ totalCount: 5, items: [expect.objectContaining({ status: 'registered' })] });
      expect(res.body.data.totals).toEqual([
        { currency: 'CNY', amount: 300.3, bookAmount: 300.3, count: 2 },
        { currency: 'EUR', amount: 1, bookAmount: 7.78, count: 1 },
        { currency: 'USD', amount: 15.55, bookAmount: 110.41, count: 2 },
      ]);
      const byOrder = await post(order('finance/list'), fin, { kind: 'entry', orderNo: o.orderNo.toLowerCase() }).expect(200);
      expect(byOrder.body.data.totalCount).toBe(5);
      const audit = await post(order('finance/list'), fin, { kind: 'entry', view: 'audit', key: tag }).expect(200);
      expect(audit.body.data).toMatchObject({ totalCount: 0, totals: [] });
    });

    it('shows salesmen only their own records; finance all', async () => {
      const tag = `范围${Date.now()}`;
      await addRecord('outgoing', { remark: tag }).expect(200);
      await addRecord('outgoing', { remark: tag }, op).expect(200);
      expect((await post(order('finance/list'), sales, { kind: 'outgoing', key: tag }).expect(200)).body.data.totalCount).toBe(1);
      expect((await post(order('finance/list'), fin, { kind: 'outgoing', key: tag }).expect(200)).body.data.totalCount).toBe(2);
      await post(order('finance/list'), cs, { kind: 'outgoing' }).expect(403);
      await post(order('finance/list'), op, { kind: 'entry' }).expect(403);
    });
  });

  describe('charges and reconciliation', () => {
    it('bills, costs, receives and owes per order in book currency', async () => {
      const o = await addOrder();
      await charge('receivable', o.id, { amount: 1000, currency: 'USD', rate: 7, chargedOn: '2026-11-01' }).expect(200);
      const cny = (await charge('receivable', o.id, { amount: 500, type: '报关费', chargedOn: '2026-11-05' }).expect(200)).body.data;
      await charge('payable', o.id, { amount: 3000, counterparty: '船公司' }).expect(200);
      await pass((await addRecord('outgoing', { orderId: o.id, amount: 200, submit: true }).expect(200)).body.data);
      await pass(await pendingEntry(o.id, { amount: 2000 }));
      const detail = await getData(t, fin, order(`verify/detail/${o.id}`));
      expect(detail.figures).toEqual({
        revenue: 7500,
        payable: 3000,
        expense: 200,
        cost: 3200,
        received: 2000,
        outstanding: 5500,
        profit: 4300,
        margin: 0.5733,
        billedOn: '2026-11-01',
      });
      expect(detail.receivables).toHaveLength(2);
      expect(detail.payables).toEqual([expect.objectContaining({ amount: 3000, counterparty: '船公司' })]);
      expect(detail.entries).toHaveLength(1);
      // a changed charge changes the figures; so does a deleted (voided) one
      const changed = await post(finance('charge/update'), fin, { id: cny.id, ver: cny.ver, amount: 700 }).expect(200);
      expect(changed.body.data).toMatchObject({ amount: 700, bookAmount: 700 });
      await post(finance('charge/update'), fin, { id: cny.id, ver: cny.ver, amount: 800 }).expect(409);
      expect((await figures(o.id)).revenue).toBe(7700);
      await requestAs(t, fin)
        .delete(order(`verify/delete/${cny.id}`))
        .expect(200);
      expect(await figures(o.id)).toMatchObject({ revenue: 7000, outstanding: 5000 });
      const lines = await post(order('verify/list'), fin, { orderId: o.id }).expect(200);
      expect(lines.body.data.totals).toEqual([
        { currency: 'CNY', amount: 3000, tax: 0, bookAmount: 3000, count: 1 },
        { currency: 'USD', amount: 1000, tax: 0, bookAmount: 7000, count: 1 },
      ]);
    });
  });

  describe('receivable from the quotation', () => {
    it("bills the order's freight from the price valid on its day, in the price's currency at the rate given", async () => {
      await addDedicatedQuotation(t, admin, port, {
        channel: '欧线整柜',
        currency: 'USD',
        minCharge: 50,
        breaks: [
          { minQuantity: 0, unitPrice: 2 },
          { minQuantity: 100, unitPrice: 1.5 },
        ],
      });
      const o = await addOrder({ channel: '欧线整柜', grossWeight: 120.5, volume: 0.2 });
      const noRate = await post(finance(`charge/quote/${o.id}`), fin, {}).expect(400);
      expect(fieldErrors(noRate)).toEqual({ rate: ['非人民币须填写折合人民币的汇率'] });
      const billed = (await post(finance(`charge/quote/${o.id}`), fin, { rate: 7 }).expect(200)).body.data;
      expect(billed).toMatchObject({
        kind: 'receivable',
        type: '运费',
        amount: 180.75,
        currency: 'USD',
        rate: 7,
        bookAmount: 1265.25,
        remark: '按报价：欧线整柜 120.5kg × 1.5',
      });
      expect((await figures(o.id)).revenue).toBe(1265.25);
      const weightless = await addOrder({ grossWeight: null, volume: null, packages: null });
      expect((await post(finance(`charge/quote/${weightless.id}`), fin, { rate: 7 }).expect(400)).text).toContain('订单还没有计费重量');
      await post(finance(`charge/quote/${o.id}`), sales, { rate: 7 }).expect(403);
    });
  });

  describe('arrears', () => {
    it('ages what is outstanding after verified hand-ins on a fixed day, per order, customer and salesman', async () => {
      // a customer of its own so the figures are exact
      const c = await requestAs(t, sales)
        .put('/api/v1/customers/add')
        .send({ companyName: '欠款测试公司', contactName: '李四', mobile: '13900139000' })
        .expect(200);
      await post('/api/v1/customers/check', admin, { id: c.body.data.id, ver: c.body.data.ver, approved: true }).expect(200);
      const cid = c.body.data.id as number;
      const asOf = '2026-06-30';
      const cases: [string, number, number][] = [
        ['2026-06-20', 1000, 0], // 10 days, 1000 owed
        ['2026-05-16', 2000, 500], // 45 days, 1500 owed
        ['2026-04-16', 3000, 0], // 75 days
        ['2026-03-02', 4000, 1000], // 120 days, 3000 owed
        ['2026-03-01', 500, 500], // fully paid: not in arrears
      ];
      const ids: number[] = [];
      for (const [day, billed, paid] of cases) {
        const o = await addOrder({ customerId: cid });
        ids.push(o.id);
        await charge('receivable', o.id, { amount: billed, chargedOn: day }).expect(200);
        if (paid) await pass(await pendingEntry(o.id, { amount: paid }));
        // an unverified hand-in does not count
        await pendingEntry(o.id, { amount: 1 });
      }
      const byOrder = await post(finance('arrears'), fin, { asOf, customerId: cid }).expect(200);
      expect(byOrder.body.data.totals).toEqual({ orders: 4, outstanding: 8500, d0_30: 1000, d31_60: 1500, d61_90: 3000, d90plus: 3000 });
      expect(
        byOrder.body.data.items.map((i: { orderId: number; ageDays: number; bucket: string; outstanding: number }) => [
          i.orderId,
          i.ageDays,
          i.bucket,
          i.outstanding,
        ]),
      ).toEqual([
        [ids[3], 120, 'd90plus', 3000],
        [ids[2], 75, 'd61_90', 3000],
        [ids[1], 45, 'd31_60', 1500],
        [ids[0], 10, 'd0_30', 1000],
      ]);
      const old = await post(finance('arrears'), fin, { asOf, customerId: cid, bucket: 'd61_90' }).expect(200);
      expect(old.body.data.items.map((i: { orderId: number }) => i.orderId)).toEqual([ids[2]]);
      const byCustomer = await post(finance('arrears'), fin, { asOf, groupBy: 'customer', customerId: cid }).expect(200);
      expect(byCustomer.body.data.items).toEqual([
        {
          customerId: cid,
          customerCode: expect.any(String),
          customerName: '欠款测试公司',
          orders: 4,
          outstanding: 8500,
          d0_30: 1000,
          d31_60: 1500,
          d61_90: 3000,
          d90plus: 3000,
        },
      ]);
      const bySalesman = await post(finance('arrears'), fin, { asOf, groupBy: 'salesman', customerId: cid }).expect(200);
      expect(bySalesman.body.data.items).toEqual([expect.objectContaining({ salesmanName: '张晓明', orders: 4, outstanding: 8500 })]);
      // a later day moves the money into older buckets
      const later = await post(finance('arrears'), fin, { asOf: '2026-07-31', customerId: cid }).expect(200);
      expect(later.body.data.totals).toMatchObject({ d0_30: 0, d31_60: 1000, d61_90: 1500, d90plus: 6000 });
      await post(finance('arrears'), sales, { asOf }).expect(403);
    });
  });

  describe('commissions', () => {
    /** An order delivered, billed 10,000, costing 4,000 and fully paid. */
    const deliveredAndPaid = async () => {
      const o = await addOrder();
      await charge('receivable', o.id, { amount: 10000 }).expect(200);
      await charge('payable', o.id, { amount: 4000 }).expect(200);
      await pass(await pendingEntry(o.id, { amount: 10000 }));
      await moveTo(o.id, 'completeDelivery');
      return o;
    };
    const due = async () =>
      (await post(finance('rebate/list'), fin, { paid: false, pageSize: 200 }).expect(200)).body.data.items as {
        orderId: number;
        commission: number | null;
        ruleName: string | null;
        basis: string | null;
      }[];

    it('computes the due commission by the most specific rule, pays it into brokerage, and reverses it', async () => {
      const general = await post(finance('rebate/rule/save'), fin, { name: '通用 2%', basis: 'revenue', rate: 2 }).expect(200);
      const level = await post(finance('rebate/rule/save'), fin, { name: 'A 级客户 利润 10%', basis: 'profit', rate: 10, customerLevel: 'A' }).expect(200);
      const o = await deliveredAndPaid();
      const unpaid = await addOrder();
      await charge('receivable', unpaid.id, { amount: 500 }).expect(200);
      await moveTo(unpaid.id, 'completeDelivery');

      const listed = await due();
      expect(listed.find((d) => d.orderId === o.id)).toMatchObject({ commission: 600, ruleName: 'A 级客户 利润 10%', basis: 'profit' });
      expect(listed.find((d) => d.orderId === unpaid.id)).toBeUndefined();
      // a rule for this salesman is more specific still
      const salesmanId = (await t.prisma.db.user.findUniqueOrThrow({ where: { account: 'sales01' } })).id;
      const own = await post(finance('rebate/rule/save'), fin, { name: '张晓明 收入 3%', basis: 'revenue', rate: 3, salesmanId }).expect(200);
      expect((await due()).find((d) => d.orderId === o.id)).toMatchObject({ commission: 300, ruleName: '张晓明 收入 3%' });

      const refused = await post(finance('rebate/pay'), fin, { ids: [o.id, unpaid.id] }).expect(400);
      expect(fieldErrors(refused).ids).toEqual([expect.stringContaining(unpaid.orderNo)]);
      expect((await orderDetail(o.id)).stage).toBe('completeDelivery');
      await post(finance('rebate/pay'), sales, { ids: [o.id] }).expect(403);
      const paid = await post(finance('rebate/pay'), fin, { ids: [o.id] }).expect(200);
      expect(paid.body.data).toEqual({ count: 1, amount: 300 });
      const moved = await orderDetail(o.id);
      expect(moved.stage).toBe('brokerage');
      const work = await t.prisma.db.orderWorkRecord.findMany({ where: { orderId: o.id, toStage: 'brokerage' } });
      expect(work).toHaveLength(1);
      const settled = (await post(finance('rebate/list'), fin, { paid: true, pageSize: 200 }).expect(200)).body.data.items;
      expect(settled.find((s: { orderId: number }) => s.orderId === o.id)).toMatchObject({
        amount: 300,
        base: 10000,
        rate: 3,
        basis: 'revenue',
        paidByName: '王海燕',
      });
      expect((await due()).find((d) => d.orderId === o.id)).toBeUndefined();
      expect((await getData(t, fin, order(`verify/detail/${o.id}`))).commission).toMatchObject({ amount: 300 });
      // settled: the order's charges are frozen, paying again is refused
      expect((await charge('payable', o.id).expect(400)).text).toContain('佣金已结算');
      await post(finance('rebate/pay'), fin, { ids: [o.id] }).expect(400);

      // reversal: back to completeDelivery, commission marked reversed, due again
      await post(order(`brokerage/demotion/${o.id}`), fin, { ver: moved.ver }).expect(400);
      await post(order(`brokerage/demotion/${o.id}`), sales, { ver: moved.ver, reason: 'x' }).expect(403);
      const back = await post(order(`brokerage/demotion/${o.id}`), fin, { ver: moved.ver, reason: '客户投诉，佣金重算' }).expect(200);
      expect(back.body.data.stage).toBe('completeDelivery');
      const commissions = await t.prisma.db.orderCommission.findMany({ where: { orderId: o.id } });
      expect(commissions).toEqual([expect.objectContaining({ reverseReason: '客户投诉，佣金重算', reversedAt: expect.any(Date) })]);
      expect((await due()).find((d) => d.orderId === o.id)).toMatchObject({ commission: 300 });
      await post(order(`brokerage/demotion/${o.id}`), fin, { ver: back.body.data.ver, reason: 'again' }).expect(400);
      // paid again after the reversal: a new commission in force, the old one kept
      await post(finance('rebate/pay'), fin, { ids: [o.id] }).expect(200);
      expect(await t.prisma.db.orderCommission.count({ where: { orderId: o.id } })).toBe(2);
      expect(await t.prisma.db.orderCommission.count({ where: { orderId: o.id, reversedAt: null } })).toBe(1);

      for (const rule of [general, level, own])
        await requestAs(t, fin)
          .delete(finance(`rebate/rule/delete/${rule.body.data.id}`))
          .expect(200);
      const noRule = await deliveredAndPaid();
      expect((await due()).find((d) => d.orderId === noRule.id)).toMatchObject({ commission: null, ruleName: null });
      expect(fieldErrors(await post(finance('rebate/pay'), fin, { ids: [noRule.id] }).expect(400)).ids).toEqual([
        expect.stringContaining('没有匹配的佣金规则'),
      ]);
    });
  });

  describe('order inquiry', () => {
    it('gives revenue, cost, profit and margin by order number, container and period', async () => {
      const o = await addOrder();
      await post(order('all/update'), op, { id: o.id, ver: (await orderDetail(o.id)).ver, containerNo: 'TGHU8888889' }).expect(200);
      await charge('receivable', o.id, { amount: 2000 }).expect(200);
      await charge('payable', o.id, { amount: 1500 }).expect(200);
      const byNo = await post(finance('inquiry'), fin, { orderNo: o.orderNo }).expect(200);
      expect(byNo.body.data.items).toEqual([
        expect.objectContaining({ orderId: o.id, revenue: 2000, cost: 1500, profit: 500, margin: 0.25, outstanding: 2000, commission: null }),
      ]);
      expect(byNo.body.data).toMatchObject({
        totalCount: 1,
        totalCapped: false,
        totals: { revenue: 2000, cost: 1500, received: 0, outstanding: 2000, profit: 500 },
      });
      const byContainer = await post(finance('inquiry'), fin, { containerNo: 'tghu8888889' }).expect(200);
      expect(byContainer.body.data.items.map((i: { orderId: number }) => i.orderId)).toEqual([o.id]);
      const none = await post(finance('inquiry'), fin, { orderNo: o.orderNo, createdTo: '2020-01-01' }).expect(200);
      expect(none.body.data.totalCount).toBe(0);
      const empty = await addOrder();
      const bare = await post(finance('inquiry'), fin, { orderNo: empty.orderNo }).expect(200);
      expect(bare.body.data.items).toEqual([expect.objectContaining({ revenue: 0, cost: 0, margin: null })]);
    });
  });

  describe('report', () => {
    it('streams an xlsx whose totals match the database', async () => {
      const o = await addOrder();
      await charge('receivable', o.id, { amount: 1234.56 }).expect(200);
      await charge('payable', o.id, { amount: 234.5 }).expect(200);
      const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      const res = await post(order('finance/reporting'), fin, { from: '2026-01-01', to: today > '2026-12-31' ? today : '2026-12-31' })
        .responseType('blob')
        .expect(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const rows = Number(res.headers['x-report-rows']);
      const workbook = await readWorkbook(res.body);
      const [header, ...detail] = sheetValues(workbook.getWorksheet('订单明细')!);
      expect(header.slice(0, 8)).toEqual(['订单号', '线路', '客户', '业务员', '下单日期', '阶段', '应收(CNY)', '应付(CNY)']);
      expect(detail).toHaveLength(rows + 1);
      const total = detail[detail.length - 1];
      const db = await t.prisma.db.$queryRaw<{ orders: number; revenue: string; payable: string }[]>`
        select count(*)::int as orders, coalesce(sum(f.revenue), 0)::text as revenue, coalesce(sum(f.payable), 0)::text as payable
          from orders o left join order_finance f on f.order_id = o.id where o.side_state is distinct from 'delete'`;
      expect(rows).toBe(db[0].orders);
      expect(total[0]).toBe('合计');
      expect(total[6]).toBeCloseTo(Number(db[0].revenue), 2);
      expect(total[7]).toBeCloseTo(Number(db[0].payable), 2);
      expect(detail.find((r) => r[0] === o.orderNo)?.slice(6, 8)).toEqual([1234.56, 234.5]);
      // the stage in words, in the caller's language
      expect(detail.find((r) => r[0] === o.orderNo)?.[5]).toBe('已登记');
      const byLine = sheetValues(workbook.getWorksheet('按线路')!);
      expect(byLine[byLine.length - 1][0]).toBe('合计');
      expect(byLine[byLine.length - 1][2]).toBeCloseTo(Number(db[0].revenue), 2);
      expect(sheetValues(workbook.getWorksheet('按客户')!).length).toBeGreaterThan(2);
      const english = await post(order('finance/reporting'), fin, { from: '2026-01-01', to: today > '2026-12-31' ? today : '2026-12-31' })
        .set('Accept-Language', 'en')
        .responseType('blob')
        .expect(200);
      const [, ...englishDetail] = sheetValues((await readWorkbook(english.body)).getWorksheet('订单明细')!);
      expect(englishDetail.find((r) => r[0] === o.orderNo)?.[5]).toBe('Registered');
      await post(order('finance/reporting'), fin, { from: '2026-02-01', to: '2026-01-01' }).expect(400);
      await post(order('finance/reporting'), sales, { from: '2026-01-01', to: '2026-01-31' }).expect(403);
    });
  });

  describe('cost import', () => {
    const xlsxOf = (rows: unknown[][]) => workbookFile('费用', [['订单号', '费用类型', '金额', '币种', '汇率', '供应商', '费用日期', '备注'], ...rows]);
    const importFile = (file: Buffer, shipType = 'dedicatedline', by: Session = fin) =>
      requestAs(t, by)
        .post(order(`costapply/import/${shipType}`))
        .attach('file', file, { filename: 'costs.xlsx', contentType: 'application/octet-stream' });

    it('gives a template, imports payables all or nothing, reporting each wrong row', async () => {
      const template = await post(order('costapply/template'), fin).responseType('blob').expect(200);
      expect(sheetValues((await readWorkbook(template.body)).getWorksheet('费用')!)[0]).toEqual([
        '订单号',
        '费用类型',
        '金额',
        '币种',
        '汇率',
        '税率',
        '供应商',
        '费用日期',
        '备注',
      ]);
      const a = await addOrder();
      const b = await addOrder();
      const bad = await importFile(
        await xlsxOf([
          [a.orderNo, '运费', 100, 'CNY', '', '船公司', '2026-11-01', ''],
          ['DL0000000000', '运费', 100, 'CNY', '', '', '', ''],
          [b.orderNo, '乱写', -5, 'USD', '', '', '2026-02-30x', ''],
        ]),
      ).expect(200);
      // nothing is written, and the answer says so: no row counted as done, each wrong row with its order and reasons
      expect(bad.body.message).toBe('未导入任何行：2 行有误（第 3, 4 行），文件中的 3 行都没有写入；请改正后重新导入整个文件');
      expect(bad.body.data).toMatchObject({ applied: false, rows: 3, written: 0, orders: 0 });
      expect(bad.body.data.rejected.map((r: { row: number; orderNo: string }) => [r.row, r.orderNo])).toEqual([
        [3, 'DL0000000000'],
        [4, b.orderNo],
      ]);
      expect(bad.body.data.rejected[0].reasons).toEqual([expect.stringContaining('DL0000000000')]);
      expect(bad.body.data.rejected[1].reasons).toHaveLength(4);
      expect(await t.prisma.db.orderCharge.count({ where: { orderId: { in: [a.id, b.id] } } })).toBe(0);
      const english = await importFile(await xlsxOf([[a.orderNo, '运费', -1, 'CNY']]))
        .set('Accept-Language', 'en')
        .expect(200);
      expect(english.body.message).toBe(
        'Nothing imported: 1 wrong row(s) (row 2); none of the 1 row(s) in the file was written. Correct them and import the whole file again',
      );
      const good = await importFile(
        await xlsxOf([
          [a.orderNo, '运费', 100, 'CNY', '', '船公司', '2026-11-01', ''],
          [a.orderNo, '报关费', 50.5, 'USD', 7.2, '', '', '加急'],
          [b.orderNo, '拖车费', 300, 'CNY', '', '车队', '', ''],
        ]),
      ).expect(200);
      expect(good.body).toMatchObject({ data: { applied: true, rows: 3, written: 3, rejected: [], orders: 2 }, message: '已导入 3 条费用（2 个订单）' });
      expect((await figures(a.id)).payable).toBe(463.6);
      expect((await figures(b.id)).payable).toBe(300);
      expect((await importFile(await xlsxOf([[a.orderNo, '运费', 1, 'CNY']]), 'airtransport').expect(200)).body.data).toMatchObject({
        applied: false,
        written: 0,
      });
    });

    it('reports the lines of a file imported again as duplicates and books them once, also when two imports of it race', async () => {
      const a = await addOrder();
      const b = await addOrder();
      const rows = [
        [a.orderNo, '运费', 120, 'CNY', '', '船公司', '2026-11-02', ''],
        // two equal lines of one file are two costs
        [a.orderNo, '运费', 120, 'CNY', '', '船公司', '2026-11-02', ''],
        [b.orderNo, '拖车费', 80, 'CNY', '', '车队', '2026-11-02', ''],
      ];
      const first = await importFile(await xlsxOf(rows)).expect(200);
      expect(first.body).toMatchObject({ data: { applied: true, written: 3, duplicates: [], orders: 2 }, message: '已导入 3 条费用（2 个订单）' });
      const again = await importFile(await xlsxOf(rows)).expect(200);
      expect(again.body.message).toBe('已导入 0 条费用（0 个订单），重复 3 行已导入过，未再记账');
      expect(again.body.data).toMatchObject({ applied: true, rows: 3, written: 0, rejected: [], orders: 0 });
      const booked = await t.prisma.db.orderCharge.findMany({ where: { orderId: { in: [a.id, b.id] } }, orderBy: { id: 'asc' } });
      expect(booked).toHaveLength(3);
      expect(again.body.data.duplicates).toEqual(
        booked.map((c, i) => ({
          row: i + 2,
          orderNo: c.orderId === a.id ? a.orderNo : b.orderNo,
          reasons: [`重复：同一文件的这一行已记账（费用 #${c.id}），未再导入`],
        })),
      );
      expect((await figures(a.id)).payable).toBe(240);
      // the same lines in another file (one line more) are costs of their own: a line repeats only within its file
      const grown = await importFile(await xlsxOf([...rows, [b.orderNo, '报关费', 30, 'CNY', '', '', '2026-11-02', '']])).expect(200);
      expect(grown.body.data).toMatchObject({ written: 4, duplicates: [] });
      expect((await figures(b.id)).payable).toBe(190);

      // two imports of one new file at once (by two users: one user imports one file at a time): one books
      // it, the other finds every line booked
      const c = await addOrder();
      const file = await xlsxOf([[c.orderNo, '运费', 55, 'CNY', '', '', '2026-11-03', '']]);
      const raced = await Promise.all([importFile(file).expect(200), importFile(file, 'dedicatedline', admin).expect(200)]);
      expect(raced.map((r) => r.body.data.written).sort()).toEqual([0, 1]);
      expect(raced.find((r) => r.body.data.written === 0)!.body.message).toBe('已导入 0 条费用（0 个订单），重复 1 行已导入过，未再记账');
      expect(await t.prisma.db.orderCharge.count({ where: { orderId: c.id } })).toBe(1);
      expect((await figures(c.id)).payable).toBe(55);
      // a voided line no longer counts: the file books it again
      const [line] = await t.prisma.db.orderCharge.findMany({ where: { orderId: c.id } });
      await post(finance(`charge/void/${line.id}`), fin, { ver: line.ver, reason: '录错了' }).expect(200);
      expect((await importFile(file).expect(200)).body.data).toMatchObject({ written: 1, duplicates: [] });
    });

    it('is a screen of the finance menu, shown to those who hold finance:edit', async () => {
      type Route = { name: string; path: string; meta?: { permission?: string }; children?: Route[] };
      const financeRoutes = async (who: Session) =>
        ((await post('/api/v1/menu/router', who).expect(200)).body.data as Route[]).find((r) => r.name === 'Finance')?.children ?? [];
      expect((await financeRoutes(fin)).find((r) => r.name === 'FinanceCostImport')).toMatchObject({
        path: '/finance/costImport',
        meta: { permission: 'finance:edit' },
      });
      const role = await t.prisma.db.role.findUniqueOrThrow({ where: { code: 'finance' } });
      await t.prisma.db.rolePermission.delete({ where: { roleId_permissionCode: { roleId: role.id, permissionCode: 'finance:edit' } } });
      t.app.get(GrantsService).invalidate();
      try {
        expect((await financeRoutes(fin)).map((r) => r.name)).not.toContain('FinanceCostImport');
        await post(order('costapply/template'), fin).expect(403);
      } finally {
        await t.prisma.db.rolePermission.create({ data: { roleId: role.id, permissionCode: 'finance:edit' } });
        t.app.get(GrantsService).invalidate();
      }
    });

    it('refuses a file that is no workbook or lacks a required column; takes date cells as their day', async () => {
      const notXlsx = await importFile(Buffer.from('order,amount\n1,2\n')).expect(400);
      expect(fieldErrors(notXlsx).file).toEqual(['文件不是有效的 xlsx 工作簿，请使用导入模板']);
      const missing = await importFile(await workbookFile('费用', [['订单号', '费用类型', '币种']])).expect(400);
      expect(fieldErrors(missing).file).toEqual([expect.stringContaining('金额')]);
      // broken inside, though named and zipped as a workbook: refused as one, the server unharmed
      const broken = await importFile(await corruptedWorkbook('xl/_rels/workbook.xml.rels', { without: 'xl/workbook.xml' })).expect(400);
      expect(fieldErrors(broken).file).toEqual(['文件不是有效的 xlsx 工作簿，请使用导入模板']);
      expect(fieldErrors(await importFile(await corruptedWorkbook('xl/worksheets/sheet1.xml')).expect(400)).file).toEqual([
        '文件不是有效的 xlsx 工作簿，请使用导入模板',
      ]);
      const a = await addOrder();
      await importFile(await xlsxOf([[a.orderNo, '运费', 80, 'CNY', '', '', new Date(Date.UTC(2026, 9, 15)), '']])).expect(200);
      const charge = await t.prisma.db.orderCharge.findFirstOrThrow({ where: { orderId: a.id } });
      expect(charge.chargedOn.toISOString().slice(0, 10)).toBe('2026-10-15');
    });
  });
});
