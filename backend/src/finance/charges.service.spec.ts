// The rules of an order's charges against a real database (the medium tier, test/medium.ts): tax and book
// amounts, versioned edits with their trail, void instead of delete, and the rule of charge changes
// (finance-rules.ts chargeChangeRefusal): voided and settled orders frozen, records under audit, the
// received floor (docs/finance.md, Charges).
import { useMedium } from '../../test/medium.js';
import { t } from '../common/messages.js';
import { OrdersService, type OrderView } from '../orders/order/orders.service.js';
import { ChargesService, type ChargeView } from './charges.service.js';
import type { ChargeAddDto } from './finance.dto.js';
import { RecordsService } from './records.service.js';

describe('ChargesService (medium)', () => {
  const { m, sales, sales2, op, fin, charges, records, orders } = useMedium(
    { sales: 'sales01', sales2: 'sales02', op: 'op01', fin: 'fin01' },
    { charges: ChargesService, records: RecordsService, orders: OrdersService },
  );

  const line = (order: OrderView, over: Partial<ChargeAddDto> = {}): ChargeAddDto => ({
    orderId: order.id,
    type: '运费',
    amount: 1000,
    currency: 'CNY',
    ...over,
  });
  const figures = async (orderId: number) => {
    const f = await m.prisma.db.orderFinance.findUnique({ where: { orderId } });
    return {
      revenue: f?.revenue.toNumber() ?? 0,
      payable: f?.payable.toNumber() ?? 0,
      received: f?.received.toNumber() ?? 0,
      outstanding: f?.outstanding.toNumber() ?? 0,
    };
  };
  /** A hand-in of `amount` on the order, sent to audit (pending) or also passed (locked: received). */
  const handIn = async (order: OrderView, amount: number, lock: boolean) => {
    const pending = await records.add(
      'entry',
      { orderId: order.id, type: '运费收款', amount, currency: 'CNY', counterparty: '客户甲', method: '银行转账', paidOn: '2026-11-20', submit: true },
      sales,
    );
    return lock ? records.verifyOne({ id: pending.id, ver: pending.ver, pass: true }, fin) : pending;
  };
  const trail = async (orderId: number) =>
    (await charges.trail(orderId, fin)).map((r) => ({ action: r.action, before: r.before, after: r.after, reason: r.reason }));

  describe('money', () => {
    it('adds the tax (amount × rate %, to cents) and books the total at the currency’s rate', async () => {
      const order = await m.seed.order(sales);
      expect(await charges.add('receivable', line(order, { taxRate: 6 }), fin)).toMatchObject({
        amount: 1000,
        tax: 60,
        total: 1060,
        rate: 1,
        bookAmount: 1060,
      });
      await expect(charges.add('payable', line(order, { currency: 'USD' }), fin)).rejects.toMatchObject({ fields: { rate: [t('financeRateRequired')] } });
      expect(await charges.add('payable', line(order, { currency: 'USD', amount: 100.1, taxRate: 3, rate: 7.1 }), fin)).toMatchObject({
        tax: 3,
        total: 103.1,
        bookAmount: 732.01,
      });
      expect(await figures(order.id)).toEqual({ revenue: 1060, payable: 732.01, received: 0, outstanding: 1060 });
    });

    it('edits a line on the ver read, recomputing tax and figures, and keeps only what changed in the trail', async () => {
      const order = await m.seed.order(sales);
      const added = await charges.add('receivable', line(order), fin);
      const edited = await charges.update({ id: added.id, ver: added.ver, taxRate: 10, remark: '含税' }, fin);
      expect(edited).toMatchObject({ tax: 100, total: 1100, bookAmount: 1100, ver: added.ver + 1 });
      expect((await figures(order.id)).revenue).toBe(1100);
      await expect(charges.update({ id: added.id, ver: added.ver, amount: 5 }, fin)).rejects.toMatchObject({ status: 409 });
      expect(await trail(order.id)).toEqual([
        {
          action: 'update',
          before: { taxRate: 0, tax: 0, bookAmount: 1000, remark: null },
          after: { taxRate: 10, tax: 100, bookAmount: 1100, remark: '含税' },
          reason: null,
        },
        { action: 'add', before: null, after: expect.objectContaining({ kind: 'receivable', amount: 1000 }), reason: null },
      ]);
    });
  });

  describe('void instead of delete', () => {
    it('keeps a voided line with who voided it and why; it no longer counts and no longer changes', async () => {
      const order = await m.seed.order(sales);
      const kept = await charges.add('receivable', line(order, { amount: 300 }), fin);
      const wrong = await charges.add('receivable', line(order), fin);
      const voided = await charges.void(wrong.id, { reason: '录错了', ver: wrong.ver }, fin);
      expect(voided).toMatchObject({ voidedBy: fin.userId, voidReason: '录错了' });
      expect(voided.voidedAt).not.toBeNull();
      expect((await figures(order.id)).revenue).toBe(300);
      await expect(charges.update({ id: wrong.id, ver: voided.ver, amount: 1 }, fin)).rejects.toMatchObject({ key: 'financeChargeVoided' });
      await expect(charges.void(wrong.id, { reason: '再作废', ver: voided.ver }, fin)).rejects.toMatchObject({ key: 'financeChargeVoided' });
      // the catalogue's delete voids too, with the reason 删除
      await charges.remove(kept.id, fin);
      expect(await m.prisma.db.orderCharge.findUniqueOrThrow({ where: { id: kept.id } })).toMatchObject({
        voidReason: t('financeChargeDeleteReason', {}, 'zh'),
      });
      expect((await figures(order.id)).revenue).toBe(0);
      expect((await trail(order.id)).filter((r) => r.action === 'void').map((r) => r.reason)).toEqual(['删除', '录错了']);
    });
  });

  describe('the rule of charge changes', () => {
    it('freezes a voided order and one whose commission is settled (brokerage)', async () => {
      const voided = await m.seed.order(sales);
      const onVoided = await charges.add('receivable', line(voided), fin);
      await orders.hold('delete', voided.id, { reason: '取消' }, op);
      await expect(charges.update({ id: onVoided.id, ver: onVoided.ver, amount: 1 }, fin)).rejects.toMatchObject({
        key: 'financeOrderVoided',
        params: { no: voided.orderNo },
      });
      await expect(charges.add('payable', line(voided), fin)).rejects.toMatchObject({ fields: { orderId: [t('financeOrderVoided', { no: voided.orderNo })] } });

      const settled = await m.seed.order(sales);
      const onSettled = await charges.add('receivable', line(settled), fin);
      await m.seed.moveTo(settled.id, 'brokerage');
      await expect(charges.add('payable', line(settled), fin)).rejects.toMatchObject({ key: 'financeChargeFrozen' });
      await expect(charges.void(onSettled.id, { reason: 'x', ver: onSettled.ver }, fin)).rejects.toMatchObject({ key: 'financeChargeFrozen' });
      expect(await m.prisma.db.orderCharge.count({ where: { orderId: settled.id } })).toBe(1);
    });

    it('lets only auditors change the charges of an order while one of its records waits for audit', async () => {
      const order = await m.seed.order(sales);
      const charge = await charges.add('receivable', line(order), fin);
      const pending = await handIn(order, 200, false);
      const editor = await m.principal('fin01', { remove: ['finance:audit'] });
      await expect(charges.add('payable', line(order), editor)).rejects.toMatchObject({
        key: 'financeChargeUnderAudit',
        params: { no: order.orderNo, records: pending.recordNo },
      });
      await expect(charges.update({ id: charge.id, ver: charge.ver, amount: 900 }, editor)).rejects.toMatchObject({ key: 'financeChargeUnderAudit' });
      expect(await charges.update({ id: charge.id, ver: charge.ver, amount: 900 }, fin)).toMatchObject({ amount: 900 });
      // once audited, the order takes changes from finance:edit again
      await records.verifyOne({ id: pending.id, ver: pending.ver, pass: false, reason: '退回' }, fin);
      await charges.add('payable', line(order), editor);
    });

    it('never lets the billed revenue go below what locked hand-ins received, while raising it always passes', async () => {
      const order = await m.seed.order(sales);
      const charge = await charges.add('receivable', line(order), fin);
      await handIn(order, 800, true);
      expect(await figures(order.id)).toMatchObject({ revenue: 1000, received: 800, outstanding: 200 });
      const floor = t('financeChargeBelowReceived', { received: '800.00', revenue: '700.00' });
      await expect(charges.update({ id: charge.id, ver: charge.ver, amount: 700 }, fin)).rejects.toMatchObject({ fields: { amount: [floor] } });
      await expect(charges.void(charge.id, { reason: '重开', ver: charge.ver }, fin)).rejects.toMatchObject({ key: 'financeChargeBelowReceived' });
      expect(await figures(order.id)).toMatchObject({ revenue: 1000 });
      // down to the floor itself, a payable, or more revenue: all pass
      const atFloor = await charges.update({ id: charge.id, ver: charge.ver, amount: 800 }, fin);
      await charges.add('payable', line(order, { amount: 5000 }), fin);
      await charges.update({ id: atFloor.id, ver: atFloor.ver, amount: 1200 }, fin);
      expect(await figures(order.id)).toMatchObject({ revenue: 1200, payable: 5000, outstanding: 400 });
    });
  });

  it('reaches only the orders whose money is the caller’s', async () => {
    const order = await m.seed.order(sales);
    const charge: ChargeView = await charges.add('receivable', line(order), fin);
    await expect(charges.update({ id: charge.id, ver: charge.ver, amount: 1 }, sales2)).rejects.toMatchObject({ status: 404 });
    await expect(charges.add('receivable', line(order), sales2)).rejects.toMatchObject({ fields: { orderId: [t('financeOrderInvalid')] } });
    await expect(charges.trail(order.id, sales2)).rejects.toMatchObject({ status: 404 });
  });
});
