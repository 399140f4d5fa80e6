// Commissions against a real database (the medium tier, test/medium.ts): due once an order is delivered and
// fully paid, computed by the most specific rule, paid all or none with the move to brokerage, reversed
// (never deleted) by the brokerage demotion (docs/finance.md, Commissions).
import { useMedium } from '../../test/medium.js';
import type { Principal } from '../common/access.decorators.js';
import { t } from '../common/messages.js';
import { OrdersService, type OrderView } from '../orders/order/orders.service.js';
import { ChargesService } from './charges.service.js';
import { CommissionService } from './commission.service.js';
import { RebateListDto } from './finance.dto.js';
import { RecordsService } from './records.service.js';

describe('CommissionService (medium)', () => {
  const { m, sales, sales2, op, fin, commission, charges, records, orders } = useMedium(
    { sales: 'sales01', sales2: 'sales02', op: 'op01', fin: 'fin01' },
    { commission: CommissionService, charges: ChargesService, records: RecordsService, orders: OrdersService },
  );
  const rule: Record<'line' | 'level' | 'salesman', number> = { line: 0, level: 0, salesman: 0 };

  beforeAll(async () => {
    // no rule for smallbag orders of sales01's customers without a level
    rule.line = (await commission.saveRule({ name: '专线', shipType: 'dedicatedline', basis: 'revenue', rate: 2, enabled: true })).id;
    rule.level = (await commission.saveRule({ name: 'A 级客户', customerLevel: 'A', basis: 'revenue', rate: 5, enabled: true })).id;
    rule.salesman = (await commission.saveRule({ name: '孙立伟', salesmanId: sales2.userId, basis: 'profit', rate: 10, enabled: true })).id;
  });

  /** An order of `owner`'s customer billed 1000 with 600 of cost, moved to `stage`, with `received` handed in and locked. */
  const orderWith = async (
    owner: Principal,
    {
      stage = 'completeDelivery',
      received = 1000,
      line = 'dedicatedline',
      level = null,
    }: { stage?: 'completeDelivery' | 'startDelivery'; received?: number; line?: 'dedicatedline' | 'smallbag'; level?: string | null } = {},
  ) => {
    const customer = await m.seed.customer(owner.userId, { level });
    const order = await m.seed.order(owner, { line, customerId: customer.id });
    await charges.add('receivable', { orderId: order.id, type: '运费', amount: 1000, currency: 'CNY' }, fin);
    await charges.add('payable', { orderId: order.id, type: '拖车费', amount: 600, currency: 'CNY' }, fin);
    if (received) {
      const entry = await records.add(
        'entry',
        {
          orderId: order.id,
          type: '运费收款',
          amount: received,
          currency: 'CNY',
          counterparty: '客户',
          method: '银行转账',
          paidOn: '2026-11-20',
          submit: true,
        },
        owner,
      );
      await records.verifyOne({ id: entry.id, ver: entry.ver, pass: true }, fin);
    }
    return m.seed.moveTo(order.id, stage);
  };
  const due = async () => (await commission.list(Object.assign(new RebateListDto(), { paid: false, pageSize: 200 }), fin)).items;
  const paid = async () => (await commission.list(Object.assign(new RebateListDto(), { paid: true, pageSize: 200 }), fin)).items;

  describe('what is due', () => {
    it('lists orders delivered, fully paid and moving normally, nothing short of that', async () => {
      const ready = await orderWith(sales);
      const owing = await orderWith(sales, { received: 900 });
      const travelling = await orderWith(sales, { stage: 'startDelivery' });
      const held = await orderWith(sales);
      await orders.hold('abnormal', held.id, { id: held.id, reason: '投诉', ver: held.ver }, op);
      const ids = (await due()).map((d) => d.orderId);
      expect(ids).toContain(ready.id);
      expect(ids).not.toContain(owing.id);
      expect(ids).not.toContain(travelling.id);
      expect(ids).not.toContain(held.id);
    });

    it('computes by the most specific rule: the salesman’s, then the customer level’s, then the line’s', async () => {
      const [bySalesman, byLevel, byLine] = [await orderWith(sales2, { level: 'A' }), await orderWith(sales, { level: 'A' }), await orderWith(sales)];
      const rows = new Map((await due()).map((d) => [d.orderId, d]));
      // sales02's rule: 10 % of the profit (1000 − 600)
      expect(rows.get(bySalesman.id)).toMatchObject({ ruleId: rule.salesman, basis: 'profit', commission: 40 });
      expect(rows.get(byLevel.id)).toMatchObject({ ruleId: rule.level, basis: 'revenue', commission: 50 });
      expect(rows.get(byLine.id)).toMatchObject({ ruleId: rule.line, basis: 'revenue', commission: 20 });
    });
  });

  describe('paying', () => {
    it('records the commission and moves the order to brokerage, in one', async () => {
      const order = await orderWith(sales);
      expect(await commission.pay([order.id], fin)).toEqual({ count: 1, amount: 20 });
      expect((await m.prisma.db.order.findUniqueOrThrow({ where: { id: order.id } })).stage).toBe('brokerage');
      const row = await m.prisma.db.orderCommission.findFirstOrThrow({ where: { orderId: order.id } });
      expect({
        ruleId: row.ruleId,
        basis: row.basis,
        base: row.base.toNumber(),
        rate: row.rate.toNumber(),
        amount: row.amount.toNumber(),
        salesmanId: row.salesmanId,
        paidBy: row.paidBy,
      }).toEqual({
        ruleId: rule.line,
        basis: 'revenue',
        base: 1000,
        rate: 2,
        amount: 20,
        salesmanId: sales.userId,
        paidBy: fin.userId,
      });
      expect((await due()).map((d) => d.orderId)).not.toContain(order.id);
      expect((await paid()).map((p) => p.orderId)).toContain(order.id);
    });

    it('pays all or none, naming every order not due or matched by no rule', async () => {
      const ready = await orderWith(sales);
      const owing = await orderWith(sales, { received: 500 });
      const unruled = await orderWith(sales, { line: 'smallbag' });
      const refusal = (await commission.pay([ready.id, owing.id, unruled.id], fin).catch((e: unknown) => e)) as { fields: { ids: string[] } };
      expect([...refusal.fields.ids].sort()).toEqual([t('financeNotDue', { no: owing.orderNo }), t('financeNoRule', { no: unruled.orderNo })].sort());
      expect((await m.prisma.db.order.findUniqueOrThrow({ where: { id: ready.id } })).stage).toBe('completeDelivery');
      expect(await m.prisma.db.orderCommission.count({ where: { orderId: ready.id } })).toBe(0);
    });

    it('finds only orders whose money is the caller’s', async () => {
      const theirs = await orderWith(sales);
      await expect(commission.pay([theirs.id], sales2)).rejects.toMatchObject({ status: 404, key: 'orderNotFoundIds' });
    });
  });

  describe('reversing', () => {
    it('moves a settled order back with a reason, marking its commission reversed, and pays it again afresh', async () => {
      const order = await orderWith(sales);
      await commission.pay([order.id], fin);
      const settled = await m.prisma.db.order.findUniqueOrThrow({ where: { id: order.id } });
      await expect(commission.demote(order.id, { reason: '客户退款', ver: settled.ver - 1 }, fin)).rejects.toMatchObject({ status: 409 });
      const back = await commission.demote(order.id, { reason: '客户退款', ver: settled.ver }, fin);
      expect(back.stage).toBe('completeDelivery');
      const reversed = await m.prisma.db.orderCommission.findFirstOrThrow({ where: { orderId: order.id } });
      expect(reversed).toMatchObject({ reversedBy: fin.userId, reverseReason: '客户退款' });
      expect(reversed.reversedAt).not.toBeNull();
      expect((await paid()).map((p) => p.orderId)).not.toContain(order.id);
      expect((await due()).map((d) => d.orderId)).toContain(order.id);
      await commission.pay([order.id], fin);
      expect(await m.prisma.db.orderCommission.count({ where: { orderId: order.id } })).toBe(2);
      expect(await m.prisma.db.orderCommission.count({ where: { orderId: order.id, reversedAt: null } })).toBe(1);
    });

    it('moves back only an order at brokerage', async () => {
      const order: OrderView = await orderWith(sales);
      await expect(commission.demote(order.id, { reason: 'x', ver: order.ver }, fin)).rejects.toMatchObject({ key: 'financeNotBrokerage' });
    });
  });
});
