// The customer life cycle against a real database (the medium tier, test/medium.ts): review, protection,
// the release to the public pool by hand and the daily drop into it, the claim from it (docs/customers.md).
import { useMedium } from '../../test/medium.js';
import { t } from '../common/messages.js';
import { CustomerPoolService } from './customer-pool.service.js';
import { daysAfter, daysBefore } from './customer-rules.js';
import { CustomersService } from './customers.service.js';

describe('CustomersService and CustomerPoolService: the life cycle (medium)', () => {
  const { m, admin, manager, sales, sales2, customers, pool } = useMedium(
    { admin: 'admin', manager: 'manager01', sales: 'sales01', sales2: 'sales02' },
    { customers: CustomersService, pool: CustomerPoolService },
  );

  const reload = (id: number) => m.prisma.db.customer.findUniqueOrThrow({ where: { id } });
  const historyOf = async (customerId: number) =>
    (await m.prisma.db.customerLog.findMany({ where: { customerId }, orderBy: { id: 'asc' } })).map((l) => ({
      action: l.action,
      salesmanId: l.salesmanId,
      reason: l.reason,
      userId: l.userId,
    }));
  let n = 0;
  const form = () => ({ companyName: `生命周期测试公司 ${++n}`, contactName: '王五', mobile: '13800138000' });

  describe('review', () => {
    it('waits for review when added, and a review approves it once, starting its idle clock', async () => {
      const added = await customers.add(form(), sales);
      expect(added).toMatchObject({ reviewStatus: 'pending', salesmanId: sales.userId });
      // the sales manager reviews every salesman's customers
      const { data: approved } = await customers.check({ id: added.id, ver: added.ver, approved: true }, manager);
      expect(approved).toMatchObject({ reviewStatus: 'approved', reviewerId: manager.userId });
      expect((await reload(added.id)).reviewedAt).not.toBeNull();
      await expect(customers.check({ id: added.id, ver: approved.ver, approved: false, remark: '重复' }, manager)).rejects.toMatchObject({
        key: 'customerNotPending',
      });
      expect(await historyOf(added.id)).toEqual([{ action: 'approve', salesmanId: sales.userId, reason: null, userId: manager.userId }]);
    });

    it('lets a reviewer without customers:all review only their own customers', async () => {
      const theirs = await customers.add(form(), sales2);
      const reviewer = await m.principal('sales01', { add: ['customers:check'] });
      await expect(customers.check({ id: theirs.id, ver: theirs.ver, approved: true }, reviewer)).rejects.toMatchObject({ status: 404 });
      expect((await reload(theirs.id)).reviewStatus).toBe('pending');
    });

    it('sends a rejected customer back to its salesman, and back to review once edited', async () => {
      const added = await customers.add(form(), sales);
      const { data: rejected } = await customers.check({ id: added.id, ver: added.ver, approved: false, remark: '缺少联系方式' }, manager);
      expect(rejected).toMatchObject({ reviewStatus: 'rejected', reviewRemark: '缺少联系方式' });
      const edited = await customers.update({ ...form(), id: added.id, ver: rejected.ver }, sales);
      expect(edited.reviewStatus).toBe('pending');
    });

    it('refuses a review on a stale ver', async () => {
      const added = await customers.add(form(), sales);
      await expect(customers.check({ id: added.id, ver: added.ver + 1, approved: true }, manager)).rejects.toMatchObject({ status: 409 });
      expect((await reload(added.id)).reviewStatus).toBe('pending');
    });
  });

  describe('protection', () => {
    it('protects an approved customer of the caller for customer.protectDays, and lifts it', async () => {
      const customer = await m.seed.customer(sales.userId);
      const before = Date.now();
      const { data: held } = await customers.protect({ id: customer.id, ver: customer.ver, protect: true }, sales);
      const until = (await reload(customer.id)).protectedUntil!.getTime();
      // default customer.protectDays: 90
      expect(until).toBeGreaterThanOrEqual(daysAfter(new Date(before), 90).getTime());
      expect(until).toBeLessThanOrEqual(daysAfter(new Date(), 90).getTime());
      await expect(customers.protect({ id: customer.id, ver: held.ver, protect: true }, sales)).rejects.toMatchObject({ key: 'customerAlreadyProtected' });
      const { data: lifted } = await customers.protect({ id: customer.id, ver: held.ver, protect: false }, sales);
      expect(lifted.protectedUntil).toBeNull();
      await expect(customers.protect({ id: customer.id, ver: lifted.ver, protect: false }, sales)).rejects.toMatchObject({ key: 'customerNotProtected' });
    });

    it('protects neither a customer under review, nor one in the pool, nor another salesman’s', async () => {
      const pending = await m.seed.customer(sales.userId, { reviewStatus: 'pending', reviewedAt: null });
      await expect(customers.protect({ id: pending.id, ver: pending.ver, protect: true }, sales)).rejects.toMatchObject({ key: 'customerNotApproved' });
      const pooled = await m.seed.customer(null, { publicSince: new Date() });
      await expect(customers.protect({ id: pooled.id, ver: pooled.ver, protect: true }, sales)).rejects.toMatchObject({ key: 'customerInPool' });
      const theirs = await m.seed.customer(sales2.userId);
      await expect(customers.protect({ id: theirs.id, ver: theirs.ver, protect: true }, sales)).rejects.toMatchObject({ status: 404 });
    });

    it('holds a salesman to customer.maxProtected at a time, and is off with 0 protection days', async () => {
      const [a, b] = [await m.seed.customer(sales2.userId), await m.seed.customer(sales2.userId)];
      await m.setParameter('customer.maxProtected', 1);
      try {
        await customers.protect({ id: a.id, ver: a.ver, protect: true }, sales2);
        await expect(customers.protect({ id: b.id, ver: b.ver, protect: true }, sales2)).rejects.toMatchObject({
          key: 'customerProtectLimit',
          params: { max: 1 },
        });
        // another salesman's protections are theirs
        const mine = await m.seed.customer(sales.userId);
        await customers.protect({ id: mine.id, ver: mine.ver, protect: true }, sales);
      } finally {
        await m.setParameter('customer.maxProtected', 20);
      }
      await m.setParameter('customer.protectDays', 0);
      try {
        await expect(customers.protect({ id: b.id, ver: b.ver, protect: true }, sales2)).rejects.toMatchObject({ key: 'customerProtectOff' });
      } finally {
        await m.setParameter('customer.protectDays', 90);
      }
    });
  });

  describe('release to the pool', () => {
    it('releases an approved customer of the caller with a reason the history keeps, ending its protection', async () => {
      const customer = await m.seed.customer(sales.userId, { protectedUntil: daysAfter(new Date(), 30) });
      await pool.release({ id: customer.id, ver: customer.ver, reason: '客户已停业' }, sales);
      const released = await reload(customer.id);
      expect(released).toMatchObject({ salesmanId: null, protectedUntil: null, ver: customer.ver + 1 });
      expect(released.publicSince).not.toBeNull();
      expect(await historyOf(customer.id)).toEqual([{ action: 'release', salesmanId: sales.userId, reason: '客户已停业', userId: sales.userId }]);
      await expect(pool.release({ id: customer.id, ver: released.ver, reason: '再放' }, admin)).rejects.toMatchObject({ key: 'customerAlreadyInPool' });
    });

    it('lets a salesman release only their own customers, and a manager anyone’s', async () => {
      const customer = await m.seed.customer(sales2.userId);
      await expect(pool.release({ id: customer.id, ver: customer.ver, reason: '不跟了' }, sales)).rejects.toMatchObject({ status: 404 });
      await pool.release({ id: customer.id, ver: customer.ver, reason: '业务调整' }, manager);
      expect(await historyOf(customer.id)).toEqual([{ action: 'release', salesmanId: sales2.userId, reason: '业务调整', userId: manager.userId }]);
    });

    it('releases neither a customer under review nor on a stale ver', async () => {
      const pending = await m.seed.customer(sales.userId, { reviewStatus: 'pending', reviewedAt: null });
      await expect(pool.release({ id: pending.id, ver: pending.ver, reason: 'x' }, sales)).rejects.toMatchObject({ key: 'customerReleaseNotApproved' });
      const approved = await m.seed.customer(sales.userId);
      await expect(pool.release({ id: approved.id, ver: approved.ver + 1, reason: 'x' }, sales)).rejects.toMatchObject({ status: 409 });
      expect((await reload(approved.id)).salesmanId).toBe(sales.userId);
    });
  });

  describe('the public pool', () => {
    const monthsAgo = (months: number) => {
      const at = new Date();
      at.setUTCMonth(at.getUTCMonth() - months);
      return at;
    };

    it('takes approved customers idle for customer.publicPoolMonths, unless protected or ordering lately', async () => {
      const idle = await m.seed.customer(sales.userId, { reviewedAt: monthsAgo(7) });
      const idleSinceOrder = await m.seed.customer(sales.userId, { reviewedAt: monthsAgo(12), lastOrderAt: monthsAgo(7) });
      const ordered = await m.seed.customer(sales.userId, { reviewedAt: monthsAgo(12), lastOrderAt: monthsAgo(5) });
      const protectedOne = await m.seed.customer(sales.userId, { reviewedAt: monthsAgo(7), protectedUntil: daysAfter(new Date(), 1) });
      const lapsed = await m.seed.customer(sales.userId, { reviewedAt: monthsAgo(7), protectedUntil: daysBefore(new Date(), 1) });
      const pending = await m.seed.customer(sales.userId, { reviewStatus: 'pending', reviewedAt: null, createdAt: monthsAgo(7) });
      const now = new Date();
      const { released } = await pool.releaseIdle(now);
      expect(released).toEqual(expect.arrayContaining([idle.id, idleSinceOrder.id, lapsed.id]));
      expect(released).not.toContain(ordered.id);
      expect(released).not.toContain(protectedOne.id);
      expect(released).not.toContain(pending.id);
      expect(await reload(idle.id)).toMatchObject({ salesmanId: null, publicSince: now, protectedUntil: null });
      expect((await reload(ordered.id)).salesmanId).toBe(sales.userId);
      expect(await historyOf(idle.id)).toEqual([{ action: 'drop', salesmanId: sales.userId, reason: null, userId: null }]);
    });

    it('takes nobody while customer.publicPoolMonths is 0', async () => {
      const idle = await m.seed.customer(sales.userId, { reviewedAt: monthsAgo(24) });
      await m.setParameter('customer.publicPoolMonths', 0);
      try {
        expect(await pool.releaseIdle()).toMatchObject({ cutoff: null, released: [] });
      } finally {
        await m.setParameter('customer.publicPoolMonths', 6);
      }
      expect((await reload(idle.id)).salesmanId).toBe(sales.userId);
    });

    it('lets any salesman claim a pool customer, whose idle clock starts again', async () => {
      const pooled = await m.seed.customer(null, { publicSince: new Date(), reviewedAt: monthsAgo(8) });
      const before = Date.now();
      await pool.claim(pooled.id, sales2);
      const claimed = await reload(pooled.id);
      expect(claimed).toMatchObject({ salesmanId: sales2.userId, publicSince: null });
      expect(claimed.lastOrderAt!.getTime()).toBeGreaterThanOrEqual(before);
      await expect(pool.claim(pooled.id, sales)).rejects.toMatchObject({ status: 404 });
      await expect(pool.claim(pooled.id, admin)).rejects.toMatchObject({ key: 'customerNotInPool' });
    });

    it('keeps the salesman who lost a customer to the pool (dropped or released) from claiming it back for customer.reclaimCooldownDays', async () => {
      const lost = await m.seed.customer(sales.userId, { reviewedAt: monthsAgo(7) });
      expect((await pool.releaseIdle()).released).toContain(lost.id);
      await expect(pool.claim(lost.id, sales)).rejects.toMatchObject({ key: 'customerReclaimCooldown', params: { days: 30 } });
      const given = await m.seed.customer(sales2.userId);
      await pool.release({ id: given.id, ver: given.ver, reason: '不跟了' }, sales2);
      // released by hand: said so (释放), not fallen (掉入)
      await expect(pool.claim(given.id, sales2)).rejects.toMatchObject({ key: 'customerReclaimCooldownReleased', params: { days: 30 } });
      expect(t('customerReclaimCooldownReleased', { days: 30 })).toBe('该客户由您释放到公海，30 天内不能再次领取');
      await pool.claim(given.id, sales);
      await m.setParameter('customer.reclaimCooldownDays', 0);
      try {
        await pool.claim(lost.id, sales);
      } finally {
        await m.setParameter('customer.reclaimCooldownDays', 30);
      }
      expect((await reload(lost.id)).salesmanId).toBe(sales.userId);
    });
  });
});
