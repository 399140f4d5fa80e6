// Order charges entered through the screens (docs/finance.md, Charges): tax, edit with ver, void instead of
// delete, the rule of charge changes (frozen orders, records under audit, the received floor), the trail,
// and the figures every finance screen reads following at once.
import type { OrderStage } from '@forwarder/domain';
import { GrantsService } from '../src/auth/grants.service.js';
import { DEMO, fieldErrors, getData, requestAs, type Session, STALE, useTestApp } from './app.js';
import { addDedicatedOrder, addDedicatedQuotation, dedicatedLineCustomer, moveDedicatedOrder, ORDER_STAFF } from './order-fixtures.js';
import { workbookFile } from './xlsx.js';

process.env.CUSTOMER_POOL_SCHEDULED = 'false';

type Charge = {
  id: number;
  orderId: number;
  kind: string;
  amount: number;
  taxRate: number;
  tax: number;
  total: number;
  rate: number;
  bookAmount: number;
  ver: number;
  voidedAt: string | null;
  voidReason: string | null;
  voidedByName?: string | null;
};
type Rec = { id: number; recordNo: string; ver: number };
type TrailRow = {
  chargeId: number;
  action: string;
  kind: string;
  type: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  userName: string;
};

describe('order charges', () => {
  const { t, admin, sales, sales2, op, fin, cs } = useTestApp({ ...ORDER_STAFF, sales2: DEMO.salesman2 });
  let customerId: number;
  let port: Record<string, number> = {};

  const order = (path: string) => `/api/v1/order/${path}`;
  const finance = (path: string) => `/api/v1/finance/${path}`;
  const post = (path: string, by: Session, body: object = {}) => requestAs(t, by).post(path).send(body);

  const addOrder = (over: Record<string, unknown> = {}, by: Session = sales) => addDedicatedOrder(t, by, { port, customerId }, over);
  const moveTo = (id: number, target: OrderStage) => moveDedicatedOrder(t, id, target, () => op);
  const add = (kind: 'receivable' | 'payable', orderId: number, body: Record<string, unknown> = {}, by: Session = fin) =>
    post(order(`finance/add/${kind}`), by, { orderId, type: '运费', amount: 1000, currency: 'CNY', ...body });
  const added = async (kind: 'receivable' | 'payable', orderId: number, body: Record<string, unknown> = {}, by: Session = fin) =>
    (await add(kind, orderId, body, by).expect(200)).body.data as Charge;
  const detail = async (orderId: number) =>
    (await getData(t, fin, order(`verify/detail/${orderId}`))) as { figures: Record<string, number>; receivables: Charge[]; payables: Charge[] };
  const voidCharge = (c: Pick<Charge, 'id' | 'ver'>, reason = '录错了', by: Session = fin) => post(finance(`charge/void/${c.id}`), by, { reason, ver: c.ver });
  const trail = async (orderId: number, by: Session = fin) => (await getData(t, by, finance(`charge/log/${orderId}`))) as TrailRow[];
  const pendingEntry = async (orderId: number, amount: number) =>
    (
      await post(order('finance/add/entry'), sales, {
        orderId,
        type: '运费收款',
        amount,
        currency: 'CNY',
        counterparty: '客户甲',
        method: '银行转账',
        paidOn: '2026-11-20',
        submit: true,
      }).expect(200)
    ).body.data as Rec;
  const pass = (rec: Rec) => post(order('finance/single/verify'), fin, { id: rec.id, ver: rec.ver, pass: true }).expect(200);
  const arrearsOf = async (orderId: number) => {
    const res = await post(finance('arrears'), fin, { customerId, pageSize: 200 }).expect(200);
    return (res.body.data.items as { orderId: number; outstanding: number }[]).find((i) => i.orderId === orderId);
  };

  beforeAll(async () => {
    ({ port, customerId } = await dedicatedLineCustomer(t, admin, sales, '费用测试公司'));
    // a charge clerk: finance:edit without finance:list or finance:audit (own customers' money only), held by both salesmen
    const role = await t.prisma.db.role.create({ data: { code: 'chargeClerk', name: '费用录入' } });
    await t.prisma.db.rolePermission.create({ data: { roleId: role.id, permissionCode: 'finance:edit' } });
    for (const account of ['sales01', 'sales02']) {
      const user = await t.prisma.db.user.findUniqueOrThrow({ where: { account } });
      await t.prisma.db.userRole.create({ data: { userId: user.id, roleId: role.id } });
    }
    t.app.get(GrantsService).invalidate();
  }, 120_000);

  describe('tax', () => {
    it('stores the tax rate and tax; the total is amount + tax and the book amount is the total at the rate', async () => {
      const o = await addOrder();
      const usd = await added('receivable', o.id, { amount: 1000, currency: 'USD', rate: 7, taxRate: 6 });
      expect(usd).toMatchObject({ amount: 1000, taxRate: 6, tax: 60, total: 1060, rate: 7, bookAmount: 7420 });
      // tax to cents, half away from zero: 333.33 × 6.5% = 21.66645
      const odd = await added('payable', o.id, { amount: 333.33, taxRate: 6.5 });
      expect(odd).toMatchObject({ tax: 21.67, total: 355, bookAmount: 355 });
      const plain = await added('payable', o.id, { amount: 50 });
      expect(plain).toMatchObject({ taxRate: 0, tax: 0, total: 50, bookAmount: 50 });
      expect((await detail(o.id)).figures).toMatchObject({ revenue: 7420, payable: 405, outstanding: 7420 });
      // a new tax rate on edit recomputes tax, total and book amount
      const edited = (await post(finance('charge/update'), fin, { id: odd.id, ver: odd.ver, taxRate: 0 }).expect(200)).body.data as Charge;
      expect(edited).toMatchObject({ tax: 0, total: 333.33, bookAmount: 333.33, ver: odd.ver + 1 });
      expect((await detail(o.id)).figures.payable).toBe(383.33);
    });

    it('imports payables with an optional tax rate column, each line in the trail', async () => {
      const o = await addOrder();
      const file = await workbookFile('费用', [
        ['订单号', '费用类型', '金额', '币种', '汇率', '税率', '供应商', '费用日期', '备注'],
        [o.orderNo, '运费', 100, 'CNY', '', 6, '船公司', '2026-11-01', ''],
        [o.orderNo, '报关费', 200, 'CNY', '', '', '', '', ''],
      ]);
      const res = await requestAs(t, fin)
        .post(order('costapply/import/dedicatedline'))
        .attach('file', file, { filename: 'c.xlsx', contentType: 'application/octet-stream' })
        .expect(200);
      expect(res.body.data).toMatchObject({ applied: true, written: 2 });
      const { payables, figures } = await detail(o.id);
      expect(payables.map((p) => [p.amount, p.taxRate, p.tax, p.bookAmount])).toEqual([
        [100, 6, 6, 106],
        [200, 0, 0, 200],
      ]);
      expect(figures.payable).toBe(306);
      expect((await trail(o.id)).map((r) => [r.action, r.after?.amount])).toEqual([
        ['import', 200],
        ['import', 100],
      ]);
    });
  });

  describe('edit, void, trail', () => {
    it('edits with ver (stale → 409), voids with a reason (kept, counted nowhere), and trails every change', async () => {
      const o = await addOrder();
      const line = await added('receivable', o.id, { amount: 500, type: '报关费', counterparty: '费用测试公司' });
      const other = await added('receivable', o.id, { amount: 300 });
      const edited = (await post(finance('charge/update'), fin, { id: line.id, ver: line.ver, amount: 600, remark: '加急' }).expect(200)).body.data as Charge;
      expect(edited).toMatchObject({ amount: 600, bookAmount: 600, ver: line.ver + 1 });
      expect((await post(finance('charge/update'), fin, { id: line.id, ver: line.ver, amount: 700 }).expect(409)).text).toContain(STALE);
      expect((await detail(o.id)).figures).toMatchObject({ revenue: 900, outstanding: 900 });

      await voidCharge(edited, '录错了').expect(200);
      const after = await detail(o.id);
      expect(after.figures).toMatchObject({ revenue: 300, outstanding: 300 });
      const voided = after.receivables.find((c) => c.id === line.id)!;
      expect(voided).toMatchObject({ voidReason: '录错了', voidedByName: '王海燕', voidedAt: expect.any(String), amount: 600 });
      // a voided line takes no change, and cannot be voided twice
      expect((await post(finance('charge/update'), fin, { id: line.id, ver: voided.ver, amount: 1 }).expect(400)).text).toContain('已作废');
      expect((await voidCharge(voided).expect(400)).text).toContain('已作废');
      // the live lines only in the charge list and its totals
      const list = (await post(order('verify/list'), fin, { orderId: o.id }).expect(200)).body.data;
      expect(list.items.map((c: Charge) => c.id)).toEqual([other.id]);
      expect(list.totals).toEqual([{ currency: 'CNY', amount: 300, tax: 0, bookAmount: 300, count: 1 }]);
      // the catalogue's delete voids too, with the reason 删除
      await requestAs(t, fin)
        .delete(order(`verify/delete/${other.id}`))
        .expect(200);
      const gone = await t.prisma.db.orderCharge.findUniqueOrThrow({ where: { id: other.id } });
      expect(gone).toMatchObject({ voidReason: '删除', voidedAt: expect.any(Date) });
      expect((await detail(o.id)).figures).toMatchObject({ revenue: 0, outstanding: 0, billedOn: null });

      const rows = await trail(o.id);
      expect(rows.map((r) => [r.chargeId, r.action, r.reason, r.userName])).toEqual([
        [other.id, 'void', '删除', '王海燕'],
        [line.id, 'void', '录错了', '王海燕'],
        [line.id, 'update', null, '王海燕'],
        [other.id, 'add', null, '王海燕'],
        [line.id, 'add', null, '王海燕'],
      ]);
      // an edit keeps only the fields it changed, before and after
      expect(rows[2]).toMatchObject({
        kind: 'receivable',
        type: '报关费',
        before: { amount: 500, bookAmount: 500, remark: null },
        after: { amount: 600, bookAmount: 600, remark: '加急' },
      });
      expect(rows[4].after).toMatchObject({ kind: 'receivable', type: '报关费', amount: 500, taxRate: 0, counterparty: '费用测试公司' });
      // the trail is read by finance:list, finance:inquiry or finance:edit holders within the money scope
      await requestAs(t, cs)
        .get(finance(`charge/log/${o.id}`))
        .expect(403);
      await requestAs(t, sales2)
        .get(finance(`charge/log/${o.id}`))
        .expect(404);
      expect(await trail(o.id, sales)).toHaveLength(5);
    });

    it('writes the trail in the transaction of the change: a refused change leaves no trail row', async () => {
      const o = await addOrder();
      const line = await added('receivable', o.id);
      await post(finance('charge/update'), fin, { id: line.id, ver: line.ver + 5, amount: 2 }).expect(409);
      await post(finance('charge/update'), fin, { id: line.id, ver: line.ver, currency: 'NOPE' }).expect(400);
      expect((await trail(o.id)).map((r) => r.action)).toEqual(['add']);
    });
  });

  describe('the figures every screen reads follow at once', () => {
    it('puts an order in arrears when a receivable is added and takes it out when it is voided; inquiry follows', async () => {
      const o = await addOrder();
      expect(await arrearsOf(o.id)).toBeUndefined();
      const line = await added('receivable', o.id, { amount: 1234.5 });
      expect(await arrearsOf(o.id)).toMatchObject({ outstanding: 1234.5 });
      const inquiry = async () => (await post(finance('inquiry'), fin, { orderNo: o.orderNo }).expect(200)).body.data.items[0];
      expect(await inquiry()).toMatchObject({ revenue: 1234.5, outstanding: 1234.5 });
      await voidCharge(line).expect(200);
      expect(await arrearsOf(o.id)).toBeUndefined();
      expect(await inquiry()).toMatchObject({ revenue: 0, outstanding: 0 });
    });

    it('moves the commission due with the charges', async () => {
      await post(finance('rebate/rule/save'), fin, { name: '费用测试 利润 10%', basis: 'profit', rate: 10, customerLevel: 'A' }).expect(200);
      const o = await addOrder();
      await added('receivable', o.id, { amount: 10000 });
      await added('payable', o.id, { amount: 4000 });
      await pass(await pendingEntry(o.id, 10000));
      await moveTo(o.id, 'completeDelivery');
      const due = async () => {
        const items = (await post(finance('rebate/list'), fin, { paid: false, pageSize: 200 }).expect(200)).body.data.items as {
          orderId: number;
          commission: number;
          profit: number;
        }[];
        return items.find((i) => i.orderId === o.id);
      };
      expect(await due()).toMatchObject({ profit: 6000, commission: 600 });
      const truck = await added('payable', o.id, { amount: 1000, type: '拖车费' });
      expect(await due()).toMatchObject({ profit: 5000, commission: 500 });
      await voidCharge(truck).expect(200);
      expect(await due()).toMatchObject({ profit: 6000, commission: 600 });
      // a receivable added leaves money outstanding: no longer due
      const extra = await added('receivable', o.id, { amount: 10 });
      expect(await due()).toBeUndefined();
      await voidCharge(extra).expect(200);
      expect(await due()).toMatchObject({ commission: 600 });
    });
  });

  describe('rules once records are audited', () => {
    it('refuses a change that takes the billed revenue below what locked hand-ins received', async () => {
      const o = await addOrder();
      const line = await added('receivable', o.id, { amount: 1000 });
      await pass(await pendingEntry(o.id, 800));
      const lower = await post(finance('charge/update'), fin, { id: line.id, ver: line.ver, amount: 700 }).expect(400);
      expect(fieldErrors(lower)).toEqual({ amount: ['已收 ¥800.00，应收合计不能低于已收（改后为 ¥700.00）'] });
      const english = await post(finance('charge/update'), fin, { id: line.id, ver: line.ver, amount: 700 }).set('Accept-Language', 'en').expect(400);
      expect(fieldErrors(english).amount[0]).toContain('CNY 800.00 has been received');
      expect((await voidCharge(line).expect(400)).body.message).toBe('已收 ¥800.00，应收合计不能低于已收（改后为 ¥0.00）');
      // nothing moved: the line, the figures and the trail are as they were
      expect((await detail(o.id)).figures).toMatchObject({ revenue: 1000, received: 800, outstanding: 200 });
      expect((await trail(o.id)).map((r) => r.action)).toEqual(['add']);
      // down to what was received, or any change of cost, still passes
      const exact = (await post(finance('charge/update'), fin, { id: line.id, ver: line.ver, amount: 800 }).expect(200)).body.data as Charge;
      await added('payable', o.id, { amount: 5000 });
      // a second receivable lets the first go
      await added('receivable', o.id, { amount: 900 });
      await voidCharge(exact).expect(200);
      expect((await detail(o.id)).figures).toMatchObject({ revenue: 900, received: 800, outstanding: 100 });
    });

    it('lets only auditors change the charges of an order whose records wait for audit', async () => {
      const o = await addOrder();
      const line = await added('receivable', o.id, { amount: 1000 }, sales); // a clerk of their own customer's order
      const entry = await pendingEntry(o.id, 300);
      const refused = await add('payable', o.id, {}, sales).expect(400);
      expect(refused.body.message).toBe(`订单 ${o.orderNo} 有待审核的单据（${entry.recordNo}），审核完成前只有财务审核人员能修改它的费用`);
      await post(finance('charge/update'), sales, { id: line.id, ver: line.ver, amount: 1100 }).expect(400);
      await voidCharge(line, 'x', sales).expect(400);
      // finance (holding finance:audit) still corrects it
      const corrected = (await post(finance('charge/update'), fin, { id: line.id, ver: line.ver, amount: 1100 }).expect(200)).body.data as Charge;
      await pass(entry);
      await post(finance('charge/update'), sales, { id: line.id, ver: corrected.ver, amount: 1200 }).expect(200);
    });

    it('takes no change on an order whose commission is settled', async () => {
      const o = await addOrder(); // the rule of the test above (customer level A) applies
      const line = await added('receivable', o.id, { amount: 100 });
      await pass(await pendingEntry(o.id, 100));
      await moveTo(o.id, 'completeDelivery');
      await post(finance('rebate/pay'), fin, { ids: [o.id] }).expect(200);
      expect((await add('payable', o.id).expect(400)).body.message).toContain('佣金已结算');
      expect((await voidCharge(line).expect(400)).body.message).toContain('佣金已结算');
      expect((await post(finance('charge/update'), fin, { id: line.id, ver: line.ver, amount: 200 }).expect(400)).body.message).toContain('佣金已结算');
    });
  });

  describe('scope and input', () => {
    it("keeps a clerk to their own customers' orders: another salesman's order is out of reach", async () => {
      const o = await addOrder();
      const line = await added('receivable', o.id);
      expect(fieldErrors(await add('receivable', o.id, {}, sales2).expect(400))).toEqual({ orderId: ['订单不存在或不在您的范围内'] });
      await post(finance('charge/update'), sales2, { id: line.id, ver: line.ver, amount: 1 }).expect(404);
      await voidCharge(line, 'x', sales2).expect(404);
      await requestAs(t, sales2)
        .delete(order(`verify/delete/${line.id}`))
        .expect(404);
      await post(finance(`charge/quote/${o.id}`), sales2, {}).expect(404);
      expect((await detail(o.id)).figures.revenue).toBe(1000);
      // operators hold no finance:edit at all
      await add('receivable', o.id, {}, op).expect(403);
    });

    it('answers bad input with 400 field messages', async () => {
      const o = await addOrder();
      const bad = await add('receivable', o.id, { amount: 0, taxRate: 101, counterparty: 'x'.repeat(201) }).expect(400);
      expect(Object.keys(fieldErrors(bad)).sort()).toEqual(['amount', 'counterparty', 'taxRate']);
      expect(fieldErrors(bad).taxRate).toEqual(['税率须在 0 到 100 之间（%），最多 2 位小数']);
      expect(Object.keys(fieldErrors(await add('receivable', o.id, { amount: 1e13, taxRate: -1 }).expect(400))).sort()).toEqual(['amount', 'taxRate']);
      expect(Object.keys(fieldErrors(await add('receivable', o.id, { amount: 1.001, taxRate: 6.555 }).expect(400))).sort()).toEqual(['amount', 'taxRate']);
      expect(Object.keys(fieldErrors(await add('receivable', o.id, { type: '乱写', currency: 'XYZ', rate: 7 }).expect(400))).sort()).toEqual([
        'currency',
        'type',
      ]);
      // a book amount that would not fit: the tax counts
      expect(fieldErrors(await add('receivable', o.id, { amount: 999_999_999_999, taxRate: 10 }).expect(400))).toEqual({
        amount: ['折合人民币金额不能超过 999999999999.99'],
      });
      const line = await added('receivable', o.id);
      expect(Object.keys(fieldErrors(await post(finance(`charge/void/${line.id}`), fin, { ver: line.ver }).expect(400)))).toEqual(['reason']);
      expect(Object.keys(fieldErrors(await post(finance(`charge/void/${line.id}`), fin, { ver: line.ver, reason: 'x'.repeat(501) }).expect(400)))).toEqual([
        'reason',
      ]);
      expect(Object.keys(fieldErrors(await post(finance(`charge/void/${line.id}`), fin, { reason: 'x' }).expect(400)))).toEqual(['ver']);
      expect(Object.keys(fieldErrors(await post(finance('charge/update'), fin, { id: line.id, ver: line.ver, taxRate: 'six' }).expect(400)))).toEqual([
        'taxRate',
      ]);
      await voidCharge({ id: 999999, ver: 1 }).expect(404);
      expect((await detail(o.id)).figures.revenue).toBe(1000);
    });
  });

  describe('bill from the quotation', () => {
    it('bills the freight with a tax rate, trailed as quote; says why when no price applies', async () => {
      await addDedicatedQuotation(t, admin, port, { channel: '费用测试整柜', currency: 'CNY', minCharge: 50, breaks: [{ minQuantity: 0, unitPrice: 10 }] });
      const o = await addOrder({ channel: '费用测试整柜', grossWeight: 100, volume: 0.1 });
      const billed = (await post(finance(`charge/quote/${o.id}`), fin, { taxRate: 6 }).expect(200)).body.data as Charge;
      expect(billed).toMatchObject({ kind: 'receivable', amount: 1000, taxRate: 6, tax: 60, total: 1060, bookAmount: 1060 });
      expect((await trail(o.id))[0]).toMatchObject({ action: 'quote', after: expect.objectContaining({ amount: 1000, tax: 60 }) });
      const weightless = await addOrder({ grossWeight: null, volume: null, packages: null });
      expect((await post(finance(`charge/quote/${weightless.id}`), fin, {}).expect(400)).body.message).toContain('订单还没有计费重量');
    });
  });
});
