// The record state machine (expense claims and payment hand-ins) against a real database (the medium tier,
// test/medium.ts): registered → pending → locked or refused, unlock and relock, who may make which move,
// locked records immutable, and the verified amounts counting on their order (docs/finance.md).
import { useMedium } from '../../test/medium.js';
import { t } from '../common/messages.js';
import { OrdersService, type OrderView } from '../orders/order/orders.service.js';
import type { RecordAddDto } from './finance.dto.js';
import { RecordsService, type RecordView } from './records.service.js';

describe('RecordsService (medium)', () => {
  const { m, sales, sales2, op, fin, records } = useMedium({ sales: 'sales01', sales2: 'sales02', op: 'op01', fin: 'fin01' }, { records: RecordsService });

  const handIn = (order: OrderView | null, over: Partial<RecordAddDto> = {}): RecordAddDto => ({
    orderId: order?.id ?? null,
    type: '运费收款',
    amount: 500,
    currency: 'CNY',
    counterparty: '客户甲',
    method: '银行转账',
    paidOn: '2026-11-20',
    ...over,
  });
  const claim = (order: OrderView | null, over: Partial<RecordAddDto> = {}): RecordAddDto => handIn(order, { type: '办公费', counterparty: '文具店', ...over });
  const figures = (orderId: number) =>
    m.prisma.db.orderFinance.findUnique({ where: { orderId } }).then((f) => ({ received: f?.received.toNumber() ?? 0, expense: f?.expense.toNumber() ?? 0 }));
  const statusOf = async (id: number) => (await m.prisma.db.financeRecord.findUniqueOrThrow({ where: { id } })).status;
  const pass = (r: RecordView) => records.verifyOne({ id: r.id, ver: r.ver, pass: true }, fin);

  describe('registering', () => {
    it('takes a hand-in only with an order the caller sees and that is not voided', async () => {
      await expect(records.add('entry', handIn(null), sales)).rejects.toMatchObject({ fields: { orderId: [t('financeOrderRequired')] } });
      const theirs = await m.seed.order(sales2);
      await expect(records.add('entry', handIn(theirs), sales)).rejects.toMatchObject({ fields: { orderId: [t('financeOrderInvalid')] } });
      const voided = await m.seed.order(sales);
      await m.get(OrdersService).hold('delete', voided.id, { reason: '取消' }, op);
      await expect(records.add('entry', handIn(voided), sales)).rejects.toMatchObject({
        fields: { orderId: [t('financeOrderVoided', { no: voided.orderNo })] },
      });
      // an expense claim may stand without an order
      expect(await records.add('outgoing', claim(null), op)).toMatchObject({ status: 'registered', orderId: null });
    });

    it('needs the kind’s code: an operator claims expenses but hands in no payments', async () => {
      const order = await m.seed.order(sales);
      await expect(records.add('entry', handIn(order), op)).rejects.toMatchObject({ status: 403 });
    });

    it('books a foreign amount at its rate (required), CNY at 1', async () => {
      const order = await m.seed.order(sales);
      await expect(records.add('entry', handIn(order, { currency: 'USD' }), sales)).rejects.toMatchObject({ fields: { rate: [t('financeRateRequired')] } });
      expect(await records.add('entry', handIn(order, { currency: 'USD', amount: 100.05, rate: 7.123456 }), sales)).toMatchObject({
        rate: 7.123456,
        bookAmount: 712.7,
      });
      expect(await records.add('entry', handIn(order, { amount: 88.8, rate: 3 }), sales)).toMatchObject({ rate: 1, bookAmount: 88.8 });
    });
  });

  describe('the state machine', () => {
    it('goes registered → pending → locked, each move in the record’s trail, and only then counts on its order', async () => {
      const order = await m.seed.order(sales);
      const registered = await records.add('entry', handIn(order), sales);
      expect(registered.status).toBe('registered');
      await records.submit([registered.id], sales);
      expect(await figures(order.id)).toEqual({ received: 0, expense: 0 });
      const locked = await pass({ ...registered, ver: registered.ver + 1 });
      expect(locked).toMatchObject({ status: 'locked', auditedBy: fin.userId });
      expect(await figures(order.id)).toEqual({ received: 500, expense: 0 });
      const { logs } = await records.detailWithLogs(registered.id, fin);
      expect(logs.map((l) => [l.action, l.fromStatus, l.toStatus])).toEqual([
        ['register', null, 'registered'],
        ['submit', 'registered', 'pending'],
        ['pass', 'pending', 'locked'],
      ]);
    });

    it('sends a refused record back with its reason, to be amended and submitted again by its registrant', async () => {
      const order = await m.seed.order(sales);
      const pending = await records.add('entry', handIn(order, { submit: true }), sales);
      const refused = await records.verifyOne({ id: pending.id, ver: pending.ver, pass: false, reason: '金额不符' }, fin);
      expect(refused).toMatchObject({ status: 'refused', refuseReason: '金额不符' });
      expect(await figures(order.id)).toEqual({ received: 0, expense: 0 });
      await expect(records.change('update', { id: refused.id, ver: refused.ver, amount: 450 }, sales)).rejects.toMatchObject({ status: 400 });
      const amended = await records.change('amendRefused', { id: refused.id, ver: refused.ver, amount: 450 }, sales);
      expect(amended).toMatchObject({ status: 'pending', amount: 450 });
    });

    it('keeps a locked record as it is: no edit, no delete, no second audit', async () => {
      const order = await m.seed.order(sales);
      const locked = await pass(await records.add('entry', handIn(order, { submit: true }), sales));
      const refusal = { status: 400, key: 'financeRefusedPlain' };
      await expect(records.change('update', { id: locked.id, ver: locked.ver, amount: 1 }, fin)).rejects.toMatchObject(refusal);
      await expect(records.change('amendRefused', { id: locked.id, ver: locked.ver, amount: 1 }, fin)).rejects.toMatchObject(refusal);
      await expect(records.remove(locked.id, fin)).rejects.toMatchObject(refusal);
      await expect(records.verifyOne({ id: locked.id, ver: locked.ver, pass: false, reason: 'x' }, fin)).rejects.toMatchObject(refusal);
      expect(await m.prisma.db.financeRecord.findUniqueOrThrow({ where: { id: locked.id } })).toMatchObject({ status: 'locked', ver: locked.ver });
      expect(await figures(order.id)).toEqual({ received: 500, expense: 0 });
    });

    it('unlocks with a reason (the amount leaves the order), then locks again unchanged or goes back to audit amended', async () => {
      const order = await m.seed.order(sales);
      const locked = await pass(await records.add('outgoing', claim(order, { amount: 120, submit: true }), sales));
      expect(await figures(order.id)).toEqual({ received: 0, expense: 120 });
      const unlocked = await records.unlock(locked.id, { reason: '凭证有误', ver: locked.ver }, fin);
      expect(unlocked).toMatchObject({ status: 'unlocked', unlockReason: '凭证有误' });
      expect(await figures(order.id)).toEqual({ received: 0, expense: 0 });
      // pay/lock is for expense claims: a hand-in's relock call does not find it
      await expect(records.relock('entry', unlocked.id, unlocked.ver, fin)).rejects.toMatchObject({ status: 404 });
      const relocked = await records.relock('outgoing', unlocked.id, unlocked.ver, fin);
      expect(relocked.status).toBe('locked');
      expect(await figures(order.id)).toEqual({ received: 0, expense: 120 });
      const again = await records.unlock(relocked.id, { reason: '金额错', ver: relocked.ver }, fin);
      // an unlocked record is amended by finance (finance:edit) only, not by its registrant
      await expect(records.change('amendUnlocked', { id: again.id, ver: again.ver, amount: 100 }, sales)).rejects.toMatchObject({ status: 403 });
      expect(await records.change('amendUnlocked', { id: again.id, ver: again.ver, amount: 100 }, fin)).toMatchObject({ status: 'pending', amount: 100 });
    });

    it('refuses a move on a stale ver', async () => {
      const order = await m.seed.order(sales);
      const pending = await records.add('entry', handIn(order, { submit: true }), sales);
      await expect(records.verifyOne({ id: pending.id, ver: pending.ver + 1, pass: true }, fin)).rejects.toMatchObject({ status: 409 });
      expect(await statusOf(pending.id)).toBe('pending');
    });
  });

  describe('who may do what', () => {
    it('lets only auditors pass or refuse, and only finance:unlock unlock', async () => {
      const order = await m.seed.order(sales);
      const pending = await records.add('entry', handIn(order, { submit: true }), sales);
      await expect(records.verifyOne({ id: pending.id, ver: pending.ver, pass: true }, sales)).rejects.toMatchObject({
        params: { text: t('financeMoveForbidden', { no: pending.recordNo, move: t('financeMovePass') }) },
      });
      expect(await statusOf(pending.id)).toBe('pending');
      const locked = await pass(pending);
      const auditor = await m.principal('fin01', { remove: ['finance:unlock'] });
      await expect(records.unlock(locked.id, { reason: 'x', ver: locked.ver }, auditor)).rejects.toMatchObject({ status: 403 });
    });

    it('keeps whoever registered a record from auditing, unlocking, locking or amending it (segregation of duties), unless the parameter allows it', async () => {
      const admin = await m.principal('admin');
      const own = (no: string, move: 'financeMovePass' | 'financeMoveRefuse' | 'financeMoveUnlock' | 'financeMoveLock' | 'financeMoveAmend') => ({
        key: 'financeRefusedPlain',
        params: { text: t('financeOwnRecordRefused', { no, move: t(move) }) },
      });
      // fin01 registers and submits their own expense claim: another auditor passes it, they may not
      const claimed = await records.add('outgoing', claim(null, { amount: 66, submit: true }), fin);
      expect((await records.detail(claimed.id, fin)).selfAuditBarred).toBe(true);
      expect((await records.detail(claimed.id, admin)).selfAuditBarred).toBe(false);
      await expect(records.verifyOne({ id: claimed.id, ver: claimed.ver, pass: true }, fin)).rejects.toMatchObject({
        status: 400,
        ...own(claimed.recordNo, 'financeMovePass'),
      });
      await expect(records.verifyMany({ ids: [claimed.id], pass: false, reason: '自己驳回' }, fin)).rejects.toMatchObject(
        own(claimed.recordNo, 'financeMoveRefuse'),
      );
      expect(await statusOf(claimed.id)).toBe('pending');
      const locked = await records.verifyOne({ id: claimed.id, ver: claimed.ver, pass: true }, admin);
      expect(locked.status).toBe('locked');
      await expect(records.unlock(locked.id, { reason: '改金额', ver: locked.ver }, fin)).rejects.toMatchObject({
        status: 403,
        ...own(locked.recordNo, 'financeMoveUnlock'),
      });
      const unlocked = await records.unlock(locked.id, { reason: '改金额', ver: locked.ver }, admin);
      await expect(records.relock('outgoing', unlocked.id, unlocked.ver, fin)).rejects.toMatchObject({
        status: 403,
        ...own(locked.recordNo, 'financeMoveLock'),
      });
      await expect(records.change('amendUnlocked', { id: unlocked.id, ver: unlocked.ver, amount: 60 }, fin)).rejects.toMatchObject({
        status: 403,
        ...own(locked.recordNo, 'financeMoveAmend'),
      });
      expect(await statusOf(claimed.id)).toBe('unlocked');
      // the registrant's own steps stay theirs: a refused record is amended by them
      const second = await records.add('outgoing', claim(null, { submit: true }), fin);
      const refused = await records.verifyOne({ id: second.id, ver: second.ver, pass: false, reason: '缺凭证' }, admin);
      expect(await records.change('amendRefused', { id: refused.id, ver: refused.ver, amount: 70 }, fin)).toMatchObject({ status: 'pending' });

      // a one-person office turns the parameter on: the registrant takes the auditor's steps
      await m.setParameter('finance.allowSelfApproval', true);
      try {
        expect((await records.detail(claimed.id, fin)).selfAuditBarred).toBe(false);
        expect(await records.relock('outgoing', unlocked.id, unlocked.ver, fin)).toMatchObject({ status: 'locked' });
      } finally {
        await m.setParameter('finance.allowSelfApproval', false);
      }
    });

    it('lets the registrant (holding the kind’s code) edit, submit and delete their own record, and nobody else’s', async () => {
      const order = await m.seed.order(sales);
      const mine = await records.add('entry', handIn(order), sales);
      await expect(records.change('update', { id: mine.id, ver: mine.ver, amount: 1 }, sales2)).rejects.toMatchObject({ status: 404 });
      const edited = await records.change('update', { id: mine.id, ver: mine.ver, amount: 600 }, sales);
      expect(edited.amount).toBe(600);
      const withoutCode = await m.principal('sales01', { remove: ['finance:entry'] });
      await expect(records.remove(mine.id, withoutCode)).rejects.toMatchObject({ status: 403 });
      await records.remove(mine.id, sales);
      expect(await m.prisma.db.financeRecord.count({ where: { id: mine.id } })).toBe(0);
      // the trail outlives the record
      expect((await m.prisma.db.financeRecordLog.findMany({ where: { recordId: mine.id }, orderBy: { id: 'asc' } })).map((l) => l.action)).toEqual([
        'register',
        'update',
        'delete',
      ]);
    });

    it('moves a batch all or none, listing every record that cannot move', async () => {
      const order = await m.seed.order(sales);
      const registered = await records.add('entry', handIn(order), sales);
      const pending = await records.add('entry', handIn(order, { submit: true }), sales);
      await expect(records.submit([registered.id, pending.id], sales)).rejects.toMatchObject({
        fields: { ids: [t('financeMoveRefused', { no: pending.recordNo, state: t('financeStatusPending'), move: t('financeMoveSubmit') })] },
      });
      expect(await statusOf(registered.id)).toBe('registered');
    });
  });
});
