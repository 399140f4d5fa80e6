import { HubConnectionState } from '@microsoft/signalr';
import { storedId } from '../src/common/stored-id.js';
import { CustomerPoolService } from '../src/customers/customer-pool.service.js';
import { HubService } from '../src/hub/hub.service.js';
import { DEMO, fieldErrors, FORBIDDEN, getData, NOT_FOUND, requestAs, type Session, setParameter, STALE, useTestApp } from './app.js';
import { connectHub } from './hub-client.js';

// Read when the app boots: the pool rule runs on demand here, and the gateway has a secret to check.
process.env.CUSTOMER_POOL_SCHEDULED = 'false';
const GATEWAY_SECRET = 'gateway-secret-for-tests';
process.env.WECHAT_GATEWAY_SECRET = GATEWAY_SECRET;

const DAY_MS = 24 * 60 * 60 * 1000;

describe('customers (/api/v1/customers)', () => {
  // finance: holds no customers:* code
  const { t, admin, salesA, cs, finance, salesB, manager } = useTestApp({
    admin: DEMO.admin,
    salesA: DEMO.salesman,
    cs: DEMO.customerService,
    finance: DEMO.finance,
    salesB: DEMO.salesman2,
    manager: DEMO.salesManager,
  });
  let serial = 0;

  const api = (path: string) => `/api/v1/customers/${path}`;
  const customersAs = (by: Session) => requestAs(t, by, api(''));

  const newCustomer = (over: Record<string, unknown> = {}) => {
    serial += 1;
    return { companyName: `测试贸易有限公司 ${serial}`, contactName: `联系人${serial}`, mobile: '13800138000', email: `c${serial}@example.com`, ...over };
  };
  type Customer = { id: number; ver: number; code: string; companyName: string; reviewStatus: string; salesmanId: number | null; [k: string]: unknown };
  const addCustomer = async (by: Session = salesA, over: Record<string, unknown> = {}): Promise<Customer> =>
    (await customersAs(by).put('add').send(newCustomer(over)).expect(200)).body.data;
  const verOf = async (id: number) => (await t.prisma.db.customer.findUniqueOrThrow({ where: { id } })).ver;
  const check = async (id: number, approved: boolean, remark?: string) =>
    customersAs(admin)
      .post('check')
      .send({ id, ver: await verOf(id), approved, remark })
      .expect(200);
  const approvedCustomer = async (by: Session = salesA, over: Record<string, unknown> = {}) => {
    const customer = await addCustomer(by, over);
    await check(customer.id, true);
    return customer;
  };
  const protect = async (by: Session, id: number, on: boolean, status: number) =>
    customersAs(by)
      .post('protect')
      .send({ id, ver: await verOf(id), protect: on })
      .expect(status);
  const listIds = async (by: Session, list: string, extra: Record<string, unknown> = {}) => {
    const res = await customersAs(by)
      .post('list')
      .send({ list, pageSize: 200, ...extra })
      .expect(200);
    return (res.body.data.items as Customer[]).map((c) => c.id);
  };
  const setSetting = (key: string, value: unknown) => setParameter(t, admin, key, value);
  /** Puts system parameters back to their defaults. */
  const resetSettings = async (...keys: string[]) => {
    for (const key of keys) await requestAs(t, admin).post(`/api/v1/deploy/reset/${key}`).expect(200);
  };
  /** Moves a customer's idle clock back (approval and last order) by `days`. */
  const ageCustomer = (id: number, days: number, lastOrder = false) =>
    t.prisma.db.customer.update({
      where: { id },
      data: lastOrder ? { lastOrderAt: new Date(Date.now() - days * DAY_MS) } : { reviewedAt: new Date(Date.now() - days * DAY_MS) },
    });
  const pool = () => t.app.get(CustomerPoolService);
  /** An approved customer of salesA, left idle until the daily rule dropped it into the public pool. */
  const pooledCustomer = async () => {
    const customer = await approvedCustomer();
    await ageCustomer(customer.id, 200);
    await pool().releaseIdle();
    return customer;
  };
  const claim = (by: Session, id: number | string) => customersAs(by).post(`catcher/${id}`);
  const bind = (body: Record<string, unknown>, secret: string | null = GATEWAY_SECRET) => {
    const req = t.http().post(api('wechat/bind'));
    if (secret !== null) req.set('X-Wechat-Gateway-Secret', secret);
    return req.send(body);
  };

  describe('PUT add', () => {
    it('adds a customer awaiting review, numbered from the customer sequence and owned by the salesman who added it', async () => {
      const body = newCustomer({
        phone: '0755-12345678',
        address: '深圳市南山区',
        country: '中国',
        source: '展会',
        level: 'A',
        remark: '老板姓王',
        acceptEmail: false,
      });
      const res = await customersAs(salesA).put('add').send(body).expect(200);
      expect(res.body).toMatchObject({ success: true, message: '操作成功' });
      expect(res.body.data).toMatchObject({
        ...body,
        code: expect.stringMatching(/^C\d{6}$/),
        salesmanId: salesA.userid,
        salesmanName: '张晓明',
        reviewStatus: 'pending',
        protected: false,
        idleSince: null,
        publicSince: null,
        createdBy: salesA.userid,
        wechats: [],
        ver: 1,
      });
      expect(await listIds(salesA, 'checkPendingList')).toContain(res.body.data.id);
    });

    it('stores empty optional fields as no value and accepts e-mail by default', async () => {
      const customer = await addCustomer(salesA, { mobile: '', email: ' ', source: '' });
      expect(customer).toMatchObject({ mobile: null, email: null, source: null, acceptEmail: true });
    });

    it('answers a field message for each invalid field', async () => {
      const res = await customersAs(salesA)
        .put('add')
        .send({ companyName: '  ', phone: 'call me', mobile: '12', email: 'not-mail', country: 'x'.repeat(61), acceptEmail: 'yes', remark: 'x'.repeat(1001) })
        .expect(400);
      expect(fieldErrors(res)).toEqual({
        companyName: ['请输入公司名称'],
        contactName: ['请输入联系人'],
        phone: ['电话号码格式不正确'],
        mobile: ['电话号码格式不正确'],
        email: ['邮箱格式不正确'],
        country: ['国家不能超过 60 个字符'],
        acceptEmail: ['请选择是否接收邮件'],
        remark: ['备注不能超过 1000 个字符'],
      });
    });

    it('answers in English when asked', async () => {
      const res = await customersAs(salesA)
        .put('add')
        .set('Accept-Language', 'en')
        .send(newCustomer({ contactName: '' }))
        .expect(400);
      expect(fieldErrors(res)).toEqual({ contactName: ['Enter the contact name'] });
    });

    it('refuses a source or level that is not an enabled value of its dictionary', async () => {
      const res = await customersAs(salesA)
        .put('add')
        .send(newCustomer({ source: '路过', level: 'Z' }))
        .expect(400);
      expect(fieldErrors(res)).toEqual({ source: ['请选择有效的客户来源'], level: ['请选择有效的客户等级'] });
    });

    it('refuses a company that is already a customer of anyone, whatever its case', async () => {
      const first = await addCustomer(salesA, { companyName: 'Acme Logistics Ltd' });
      const res = await customersAs(salesB)
        .put('add')
        .send(newCustomer({ companyName: 'ACME logistics ltd' }))
        .expect(400);
      expect(fieldErrors(res)).toEqual({ companyName: ['该公司已是客户，不能重复录入'] });
      expect(first.companyName).toBe('Acme Logistics Ltd');
    });

    it('lets a holder of customers:all add a customer for a salesman, and nobody else', async () => {
      const forB = await addCustomer(admin, { salesmanId: salesB.userid });
      expect(forB).toMatchObject({ salesmanId: salesB.userid, salesmanName: '孙立伟', createdBy: admin.userid });
      const refused = await customersAs(salesA)
        .put('add')
        .send(newCustomer({ salesmanId: salesB.userid }))
        .expect(400);
      expect(fieldErrors(refused)).toEqual({ salesmanId: ['只能为自己新增客户'] });
      const unknown = await customersAs(admin)
        .put('add')
        .send(newCustomer({ salesmanId: 999999 }))
        .expect(400);
      expect(fieldErrors(unknown)).toEqual({ salesmanId: ['业务员不存在或已停用'] });
    });

    it('refuses a user without customers:add with 403', async () => {
      for (const who of [cs, finance]) {
        const res = await customersAs(who).put('add').send(newCustomer()).expect(403);
        expect(res.body.message).toBe(FORBIDDEN);
      }
    });
  });

  describe('POST check (review)', () => {
    it('approves a pending customer: it moves to the reviewed lists and its idle clock starts', async () => {
      const customer = await addCustomer();
      const res = await check(customer.id, true, '资料齐全');
      expect(res.body.message).toBe('审核通过');
      expect(res.body.data).toMatchObject({ reviewStatus: 'approved', reviewerId: admin.userid, reviewerName: '系统管理员', reviewRemark: '资料齐全', ver: 2 });
      expect(res.body.data.idleSince).toBe(res.body.data.reviewedAt);
      expect(await listIds(salesA, 'checkList')).toContain(customer.id);
      expect(await listIds(salesA, 'unprotectedList')).toContain(customer.id);
      expect(await listIds(salesA, 'checkPendingList')).not.toContain(customer.id);
    });

    it('rejects back to the salesman (editList); the salesman’s edit puts it back to review', async () => {
      const customer = await addCustomer();
      const rejected = await check(customer.id, false, '缺少营业执照');
      expect(rejected.body).toMatchObject({ message: '已驳回，客户退回业务员修改', data: { reviewStatus: 'rejected', reviewRemark: '缺少营业执照' } });
      expect(await listIds(salesA, 'editList')).toContain(customer.id);
      expect(await listIds(salesA, 'checkPendingList')).not.toContain(customer.id);

      const edited = await customersAs(salesA)
        .post('update')
        .send({ ...newCustomer({ companyName: customer.companyName }), id: customer.id, ver: await verOf(customer.id) })
        .expect(200);
      expect(edited.body.data).toMatchObject({ reviewStatus: 'pending', reviewRemark: '缺少营业执照' });
      expect(await listIds(salesA, 'checkPendingList')).toContain(customer.id);
      expect(await listIds(salesA, 'editList')).not.toContain(customer.id);
      await check(customer.id, true);
    });

    it('requires a reason to reject, and validates the fields', async () => {
      const customer = await addCustomer();
      const noReason = await customersAs(admin).post('check').send({ id: customer.id, ver: 1, approved: false, remark: ' ' }).expect(400);
      expect(fieldErrors(noReason)).toEqual({ remark: ['驳回时请填写原因'] });
      const invalid = await customersAs(admin).post('check').send({ id: 'x', approved: 'yes' }).expect(400);
      expect(fieldErrors(invalid)).toEqual({ id: ['编号无效'], ver: ['版本号无效，请刷新后重试'], approved: ['请选择审核通过或驳回'] });
    });

    it('reviews only customers awaiting review', async () => {
      const customer = await approvedCustomer();
      const res = await customersAs(admin)
        .post('check')
        .send({ id: customer.id, ver: await verOf(customer.id), approved: false, remark: '再看看' })
        .expect(400);
      expect(res.body.message).toBe('只能审核待审核的客户');
    });

    it('refuses a stale ver with 409', async () => {
      const customer = await addCustomer();
      await customersAs(salesA)
        .post('update')
        .send({ ...newCustomer(), id: customer.id, ver: 1 })
        .expect(200);
      const res = await customersAs(admin).post('check').send({ id: customer.id, ver: 1, approved: true }).expect(409);
      expect(res.body.message).toBe(STALE);
    });

    it('refuses a user without customers:check with 403', async () => {
      const customer = await addCustomer();
      await customersAs(salesA).post('check').send({ id: customer.id, ver: 1, approved: true }).expect(403);
    });
  });

  describe('review by a sales manager (customers:check)', () => {
    it('lets the seeded sales manager review every salesman’s customers; the review is in the customer’s history', async () => {
      const ofA = await addCustomer(salesA);
      const ofB = await addCustomer(salesB);
      const approved = await customersAs(manager).post('check').send({ id: ofA.id, ver: 1, approved: true }).expect(200);
      expect(approved.body.data).toMatchObject({ reviewStatus: 'approved', reviewerId: manager.userid, reviewerName: '周建国' });
      const rejected = await customersAs(manager).post('check').send({ id: ofB.id, ver: 1, approved: false, remark: '缺少营业执照' }).expect(200);
      expect(rejected.body.data.history).toEqual([
        expect.objectContaining({
          action: 'reject',
          reason: '缺少营业执照',
          userId: manager.userid,
          userName: '周建国',
          salesmanId: salesB.userid,
          salesmanName: '孙立伟',
        }),
      ]);
      const pending = await listIds(manager, 'checkPendingList');
      expect(pending).not.toContain(ofA.id);
      expect(pending).not.toContain(ofB.id);
      expect(await listIds(manager, 'editList')).toContain(ofB.id);
    });

    it('refuses a plain salesman with 403', async () => {
      const customer = await addCustomer(salesA);
      const res = await customersAs(salesA).post('check').send({ id: customer.id, ver: 1, approved: true }).expect(403);
      expect(res.body.message).toBe(FORBIDDEN);
    });

    it('lets an administrator grant reviewing to any role; without customers:all it reaches only the reviewer’s own customers', async () => {
      const role = await t.prisma.db.role.findUniqueOrThrow({ where: { code: 'salesman' }, include: { menus: true, permissions: true } });
      const grant = async (codes: string[]) => {
        const { ver } = await t.prisma.db.role.findUniqueOrThrow({ where: { id: role.id } });
        await requestAs(t, admin)
          .post('/api/v1/role/grant')
          .send({ roleId: role.id, ver, menuIds: role.menus.map((m) => m.menuId), permissionCodes: codes })
          .expect(200);
      };
      const codes = role.permissions.map((p) => p.permissionCode);
      await grant([...codes, 'customers:check']);
      try {
        const own = await addCustomer(salesB);
        const others = await addCustomer(salesA);
        await customersAs(salesB).post('check').send({ id: own.id, ver: 1, approved: true }).expect(200);
        await customersAs(salesB).post('check').send({ id: others.id, ver: 1, approved: true }).expect(404);
      } finally {
        await grant(codes);
      }
      const customer = await addCustomer(salesB);
      await customersAs(salesB).post('check').send({ id: customer.id, ver: 1, approved: true }).expect(403);
    });
  });

  describe('POST release (to the public pool)', () => {
    const release = async (by: Session, id: number, reason: unknown, status: number) =>
      customersAs(by)
        .post('release')
        .send({ id, ver: await verOf(id), reason })
        .expect(status);

    it('lets the owner release an approved customer with a reason: it is in the pool, and the reason in its history', async () => {
      const customer = await approvedCustomer(salesA);
      await protect(salesA, customer.id, true, 200);
      const before = Date.now();
      const res = await release(salesA, customer.id, '  客户已停止合作  ', 200);
      expect(res.body).toMatchObject({ message: '已释放到公海', data: { salesmanId: null, protected: false, protectedUntil: null } });
      expect(new Date(res.body.data.publicSince).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(res.body.data.history[0]).toMatchObject({
        action: 'release',
        reason: '客户已停止合作',
        salesmanId: salesA.userid,
        salesmanName: '张晓明',
        userId: salesA.userid,
      });
      expect(res.body.data.history.map((h: { action: string }) => h.action)).toEqual(['release', 'approve']);

      expect((await listIds(salesB, 'publicList'))[0]).toBe(customer.id);
      expect(await listIds(salesA, 'checkList')).not.toContain(customer.id);
      // every reader of the pool sees the history, reason included
      const detail = await customersAs(salesB).get(`detail/${customer.id}`).expect(200);
      expect(detail.body.data.history[0]).toMatchObject({ action: 'release', reason: '客户已停止合作' });
      // the audit trail has the change of owner
      await t.flushAudit();
      const change = await t.prisma.db.dataChangeLog.findFirstOrThrow({
        where: { tableName: 'Customer', recordId: String(customer.id), operation: 'update' },
        orderBy: { id: 'desc' },
      });
      expect(change).toMatchObject({
        userId: salesA.userid,
        before: expect.objectContaining({ salesmanId: salesA.userid }),
        after: expect.objectContaining({ salesmanId: null }),
      });
      const logged = await t.prisma.db.dataChangeLog.count({ where: { tableName: 'CustomerLog', operation: 'create', userId: salesA.userid } });
      expect(logged).toBeGreaterThan(0);

      // whoever released it waits out customer.reclaimCooldownDays like one who lost it to the daily rule
      const again = await claim(salesA, customer.id).expect(400);
      expect(again.body.message).toBe('该客户由您释放到公海，30 天内不能再次领取');
      const claimed = await claim(salesB, customer.id).expect(200);
      expect(claimed.body.data.history[0]).toMatchObject({ action: 'claim', salesmanId: salesB.userid, userId: salesB.userid });
    });

    it('refuses another salesman (404) and lets a holder of customers:all release anyone’s', async () => {
      const customer = await approvedCustomer(salesA);
      const refused = await release(salesB, customer.id, '抢客户', 404);
      expect(refused.body.message).toBe(NOT_FOUND);
      expect((await t.prisma.db.customer.findUniqueOrThrow({ where: { id: customer.id } })).salesmanId).toBe(salesA.userid);
      await release(manager, customer.id, '长期联系不上', 200);
      expect(await listIds(salesA, 'publicList')).toContain(customer.id);
    });

    it('requires a reason of at most 500 characters (400), and refuses a stale ver (409)', async () => {
      const customer = await approvedCustomer(salesA);
      const missing = await customersAs(salesA)
        .post('release')
        .send({ id: customer.id, ver: await verOf(customer.id) })
        .expect(400);
      expect(fieldErrors(missing)).toEqual({ reason: ['请填写释放原因'] });
      expect(fieldErrors(await release(salesA, customer.id, '   ', 400))).toEqual({ reason: ['请填写释放原因'] });
      expect(fieldErrors(await release(salesA, customer.id, '因'.repeat(501), 400))).toEqual({ reason: ['释放原因不能超过 500 个字符'] });
      const stale = await customersAs(salesA).post('release').send({ id: customer.id, ver: 99, reason: '不再合作' }).expect(409);
      expect(stale.body.message).toBe(STALE);
      await release(salesA, customer.id, '因'.repeat(500), 200);
    });

    it('releases only approved customers that are not in the pool yet', async () => {
      const pending = await addCustomer(salesA);
      expect((await release(salesA, pending.id, '不做了', 400)).body.message).toBe('客户审核通过后才能释放到公海');
      const customer = await approvedCustomer(salesA);
      await release(salesA, customer.id, '不做了', 200);
      expect((await release(manager, customer.id, '不做了', 400)).body.message).toBe('该客户已在公海中');
    });

    it('refuses a user without customers:release with 403', async () => {
      const customer = await approvedCustomer(salesA);
      await release(cs, customer.id, '不做了', 403);
    });
  });

  describe('POST update', () => {
    it('saves the form of an approved customer, which stays approved', async () => {
      const customer = await approvedCustomer();
      const body = { ...newCustomer({ level: 'B', address: '广州', acceptEmail: false }), id: customer.id, ver: await verOf(customer.id) };
      const res = await customersAs(salesA).post('update').send(body).expect(200);
      expect(res.body.data).toMatchObject({
        companyName: body.companyName,
        level: 'B',
        address: '广州',
        acceptEmail: false,
        reviewStatus: 'approved',
        ver: body.ver + 1,
      });
    });

    it('keeps acceptEmail when the form leaves it out, and keeps a stored value since disabled in its dictionary', async () => {
      const customer = await addCustomer(salesA, { level: 'C', acceptEmail: false });
      await t.prisma.db.dictItem.updateMany({ where: { dictCode: 'customerLevel', value: 'C' }, data: { enabled: false } });
      try {
        const res = await customersAs(salesA)
          .post('update')
          .send({ ...newCustomer({ level: 'C' }), id: customer.id, ver: 1 })
          .expect(200);
        expect(res.body.data).toMatchObject({ level: 'C', acceptEmail: false });
        const other = await addCustomer();
        const refused = await customersAs(salesA)
          .post('update')
          .send({ ...newCustomer({ level: 'C' }), id: other.id, ver: 1 })
          .expect(400);
        expect(fieldErrors(refused)).toEqual({ level: ['请选择有效的客户等级'] });
      } finally {
        await t.prisma.db.dictItem.updateMany({ where: { dictCode: 'customerLevel', value: 'C' }, data: { enabled: true } });
      }
    });

    it('answers field messages, and refuses another customer’s company name', async () => {
      const taken = await addCustomer();
      const customer = await addCustomer();
      const invalid = await customersAs(salesA)
        .post('update')
        .send({ id: customer.id, ver: 1, companyName: 'x'.repeat(201), contactName: 'y'.repeat(51) })
        .expect(400);
      expect(fieldErrors(invalid)).toEqual({ companyName: ['公司名称不能超过 200 个字符'], contactName: ['联系人不能超过 50 个字符'] });
      const duplicate = await customersAs(salesA)
        .post('update')
        .send({ ...newCustomer({ companyName: taken.companyName }), id: customer.id, ver: 1 })
        .expect(400);
      expect(fieldErrors(duplicate)).toEqual({ companyName: ['该公司已是客户，不能重复录入'] });
      // its own name is not a duplicate
      await customersAs(salesA)
        .post('update')
        .send({ ...newCustomer({ companyName: customer.companyName }), id: customer.id, ver: 1 })
        .expect(200);
    });

    it('refuses a stale ver with 409 and a user without customers:modify with 403', async () => {
      const customer = await addCustomer();
      await customersAs(salesA)
        .post('update')
        .send({ ...newCustomer(), id: customer.id, ver: 1 })
        .expect(200);
      const stale = await customersAs(salesA)
        .post('update')
        .send({ ...newCustomer(), id: customer.id, ver: 1 })
        .expect(409);
      expect(stale.body.message).toBe(STALE);
      await customersAs(cs)
        .post('update')
        .send({ ...newCustomer(), id: customer.id, ver: 2 })
        .expect(403);
    });
  });

  describe('POST update/acceptEmail', () => {
    it('switches e-mail notifications', async () => {
      const customer = await addCustomer();
      const res = await customersAs(salesA).post('update/acceptEmail').send({ id: customer.id, ver: 1, acceptEmail: false }).expect(200);
      expect(res.body.data).toMatchObject({ acceptEmail: false, ver: 2 });
    });

    it('validates, refuses a stale ver (409), a user without customers:modify (403) and another salesman (404)', async () => {
      const customer = await addCustomer();
      const invalid = await customersAs(salesA).post('update/acceptEmail').send({ id: customer.id, ver: 1 }).expect(400);
      expect(fieldErrors(invalid)).toEqual({ acceptEmail: ['请选择是否接收邮件'] });
      await customersAs(salesA).post('update/acceptEmail').send({ id: customer.id, ver: 1, acceptEmail: false }).expect(200);
      await customersAs(salesA).post('update/acceptEmail').send({ id: customer.id, ver: 1, acceptEmail: true }).expect(409);
      await customersAs(cs).post('update/acceptEmail').send({ id: customer.id, ver: 2, acceptEmail: true }).expect(403);
      const hidden = await customersAs(salesB).post('update/acceptEmail').send({ id: customer.id, ver: 2, acceptEmail: true }).expect(404);
      expect(hidden.body.message).toBe(NOT_FOUND);
    });
  });

  describe('POST protect', () => {
    afterEach(() => resetSettings('customer.maxProtected', 'customer.protectDays'));

    it('protects an approved customer for customer.protectDays; it moves from the unprotected to the protected list', async () => {
      const customer = await approvedCustomer();
      const before = Date.now();
      const res = await protect(salesA, customer.id, true, 200);
      const until = new Date(res.body.data.protectedUntil).getTime();
      expect(until).toBeGreaterThanOrEqual(before + 90 * DAY_MS);
      expect(until).toBeLessThan(Date.now() + 90 * DAY_MS + 1000);
      expect(res.body.message).toMatch(/^保护成功，保护至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(res.body.data).toMatchObject({ protected: true });
      expect(await listIds(salesA, 'protectedList')).toContain(customer.id);
      expect(await listIds(salesA, 'unprotectedList')).not.toContain(customer.id);

      const again = await protect(salesA, customer.id, true, 400);
      expect(again.body.message).toMatch(/^该客户已在保护期内（至 .+）$/);
      const lifted = await protect(salesA, customer.id, false, 200);
      expect(lifted.body).toMatchObject({ message: '已取消保护', data: { protected: false, protectedUntil: null } });
      const notProtected = await protect(salesA, customer.id, false, 400);
      expect(notProtected.body.message).toBe('该客户未受保护');
    });

    it('protects only approved customers', async () => {
      const customer = await addCustomer();
      const res = await protect(salesA, customer.id, true, 400);
      expect(res.body.message).toBe('客户审核通过后才能保护');
    });

    it('holds each salesman to customer.maxProtected live protections; an expired one no longer counts', async () => {
      const held = await t.prisma.db.customer.count({ where: { salesmanId: salesA.userid, protectedUntil: { gt: new Date() } } });
      await setSetting('customer.maxProtected', held + 1);
      const first = await approvedCustomer();
      const second = await approvedCustomer();
      await protect(salesA, first.id, true, 200);
      const refused = await protect(salesA, second.id, true, 400);
      expect(refused.body.message).toBe(`每位业务员最多同时保护 ${held + 1} 个客户`);
      // another salesman's protections are counted apart
      const ofB = await approvedCustomer(salesB);
      await protect(salesB, ofB.id, true, 200);

      await t.prisma.db.customer.update({ where: { id: first.id }, data: { protectedUntil: new Date(Date.now() - 1000) } });
      expect(await listIds(salesA, 'unprotectedList')).toContain(first.id);
      expect(await listIds(salesA, 'protectedList')).not.toContain(first.id);
      await protect(salesA, second.id, true, 200);
    });

    it('is off while customer.protectDays is 0', async () => {
      await setSetting('customer.protectDays', 0);
      const customer = await approvedCustomer();
      const res = await protect(salesA, customer.id, true, 400);
      expect(res.body.message).toBe('客户保护已关闭（保护天数为 0）');
    });

    it('validates, refuses a stale ver (409), a user without customers:protect (403) and another salesman (404)', async () => {
      const customer = await approvedCustomer();
      const invalid = await customersAs(salesA).post('protect').send({ id: customer.id, ver: 2 }).expect(400);
      expect(fieldErrors(invalid)).toEqual({ protect: ['请选择保护或取消保护'] });
      const stale = await customersAs(salesA).post('protect').send({ id: customer.id, ver: 1, protect: true }).expect(409);
      expect(stale.body.message).toBe(STALE);
      await customersAs(cs).post('protect').send({ id: customer.id, ver: 2, protect: true }).expect(403);
      await customersAs(salesB).post('protect').send({ id: customer.id, ver: 2, protect: true }).expect(404);
    });
  });

  describe('the public pool', () => {
    afterEach(() => resetSettings('customer.publicPoolMonths', 'customer.reclaimCooldownDays'));

    it('lists customers without an order for customer.publicPoolMonths in monthSixList (approval, else the last order, starts the clock)', async () => {
      const idle = await approvedCustomer();
      const recent = await approvedCustomer();
      const orderedLately = await approvedCustomer();
      const pending = await addCustomer();
      await ageCustomer(idle.id, 200);
      await ageCustomer(orderedLately.id, 400);
      await ageCustomer(orderedLately.id, 10, true);
      await t.prisma.db.customer.update({ where: { id: pending.id }, data: { createdAt: new Date(Date.now() - 400 * DAY_MS) } });
      const listed = await listIds(salesA, 'monthSixList');
      expect(listed).toContain(idle.id);
      expect(listed).not.toContain(recent.id);
      expect(listed).not.toContain(orderedLately.id);
      expect(listed).not.toContain(pending.id);

      await setSetting('customer.publicPoolMonths', 12);
      expect(await listIds(salesA, 'monthSixList')).not.toContain(idle.id);
      await setSetting('customer.publicPoolMonths', 0);
      expect(await listIds(salesA, 'monthSixList')).toEqual([]);
    });

    it('drops idle customers into the pool when the daily rule runs, sparing protected, recent and unapproved ones', async () => {
      const idle = await approvedCustomer();
      const idleProtected = await approvedCustomer();
      const recent = await approvedCustomer();
      const pending = await addCustomer();
      await protect(salesA, idleProtected.id, true, 200);
      for (const c of [idle, idleProtected]) await ageCustomer(c.id, 200);
      await t.prisma.db.customer.update({ where: { id: pending.id }, data: { createdAt: new Date(Date.now() - 400 * DAY_MS) } });

      const run = await pool().releaseIdle();
      expect(run.released).toContain(idle.id);
      for (const spared of [idleProtected, recent, pending]) expect(run.released).not.toContain(spared.id);
      const dropped = await t.prisma.db.customer.findUniqueOrThrow({ where: { id: idle.id } });
      expect(dropped).toMatchObject({ salesmanId: null, protectedUntil: null, publicSince: expect.any(Date), reviewStatus: 'approved' });
      const history = (await getData(t, salesB, api(`detail/${idle.id}`))).history;
      expect(history[0]).toMatchObject({ action: 'drop', salesmanId: salesA.userid, userId: null, reason: null });

      // every holder of customers:list sees the pool; the former owner's lists no longer hold it
      for (const who of [salesA, salesB, cs, admin]) expect(await listIds(who, 'publicList')).toContain(idle.id);
      expect(await listIds(salesA, 'checkList')).not.toContain(idle.id);
      expect(await listIds(salesA, 'monthSixList')).toContain(idleProtected.id);
      const seen = await customersAs(salesB).get(`detail/${idle.id}`).expect(200);
      expect(seen.body.data).toMatchObject({ salesmanId: null, salesmanName: null });

      // a protection that ran out no longer spares it
      await t.prisma.db.customer.update({ where: { id: idleProtected.id }, data: { protectedUntil: new Date(Date.now() - 1000) } });
      expect((await pool().releaseIdle()).released).toEqual([idleProtected.id]);
    });

    it('drops nobody while customer.publicPoolMonths is 0', async () => {
      const idle = await approvedCustomer();
      await ageCustomer(idle.id, 400);
      await setSetting('customer.publicPoolMonths', 0);
      expect(await pool().releaseIdle()).toMatchObject({ cutoff: null, released: [] });
    });

    it('lets another salesman claim a pool customer: it becomes theirs and its clock starts again', async () => {
      const customer = await pooledCustomer();

      const inPool = await customersAs(salesA)
        .post('update/acceptEmail')
        .send({ id: customer.id, ver: await verOf(customer.id), acceptEmail: false })
        .expect(400);
      expect(inPool.body.message).toBe('该客户在公海中，请先领取');

      const before = Date.now();
      const res = await claim(salesB, customer.id).expect(200);
      expect(res.body).toMatchObject({ message: '领取成功', data: { salesmanId: salesB.userid, publicSince: null } });
      expect(new Date(res.body.data.lastOrderAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(res.body.data.idleSince).toBe(res.body.data.lastOrderAt);
      expect(await listIds(salesB, 'checkList')).toContain(customer.id);
      expect(await listIds(salesA, 'publicList')).not.toContain(customer.id);

      const twice = await claim(admin, customer.id).expect(400);
      expect(twice.body.message).toBe('该客户不在公海中');
      const hidden = await claim(salesA, customer.id).expect(404);
      expect(hidden.body.message).toBe(NOT_FOUND);
    });

    it('keeps the salesman who lost a customer from claiming it back within customer.reclaimCooldownDays', async () => {
      const customer = await pooledCustomer();

      const refused = await claim(salesA, customer.id).expect(400);
      expect(refused.body.message).toBe('该客户从您名下掉入公海，30 天内不能再次领取');
      await t.prisma.db.customerLog.updateMany({ where: { customerId: customer.id }, data: { createdAt: new Date(Date.now() - 31 * DAY_MS) } });
      await claim(salesA, customer.id).expect(200);
    });

    it('has no wait while customer.reclaimCooldownDays is 0', async () => {
      const customer = await pooledCustomer();
      await setSetting('customer.reclaimCooldownDays', 0);
      await claim(salesA, customer.id).expect(200);
    });

    it('refuses a user without customers:catch (403) and an unknown customer (404)', async () => {
      const customer = await pooledCustomer();
      await claim(cs, customer.id).expect(403);
      await claim(salesB, 999999).expect(404);
      const invalid = await claim(salesB, 'abc').expect(400);
      expect(fieldErrors(invalid)).toEqual({ id: ['编号无效'] });
    });

    it('removes binding codes that expired more than a day ago', async () => {
      const customer = await addCustomer();
      const fresh = await customersAs(salesA).get(`bindcode/${customer.id}`).expect(200);
      const old = await customersAs(salesA).get(`bindcode/${customer.id}`).expect(200);
      await t.prisma.db.customerBindCode.update({ where: { code: storedId(old.body.data.bind_code) }, data: { expiresAt: new Date(Date.now() - 2 * DAY_MS) } });
      expect((await pool().releaseIdle()).purgedBindCodes).toBe(1);
      expect(await t.prisma.db.customerBindCode.findMany({ where: { customerId: customer.id }, select: { code: true } })).toEqual([
        { code: storedId(fresh.body.data.bind_code) },
      ]);
    });
  });

  describe('DELETE delete/{id}', () => {
    it('deletes a customer that never ordered, with its mini-program accounts', async () => {
      const customer = await addCustomer();
      await t.prisma.db.customerWechat.create({ data: { customerId: customer.id, openId: `open-del-${customer.id}` } });
      await customersAs(admin).delete(`delete/${customer.id}`).expect(200);
      await customersAs(admin).get(`detail/${customer.id}`).expect(404);
      expect(await t.prisma.db.customerWechat.count({ where: { customerId: customer.id } })).toBe(0);
    });

    it('refuses a customer that has placed an order (lastOrderAt set)', async () => {
      const customer = await approvedCustomer();
      await ageCustomer(customer.id, 3, true);
      const res = await customersAs(admin).delete(`delete/${customer.id}`).expect(400);
      expect(res.body.message).toBe('该客户已有下单记录，不能删除');
    });

    it('refuses a user without customers:delete (403), an unknown id (404) and a malformed one (400)', async () => {
      const customer = await addCustomer();
      await customersAs(salesA).delete(`delete/${customer.id}`).expect(403);
      await customersAs(admin).delete('delete/999999').expect(404);
      const invalid = await customersAs(admin).delete('delete/x').expect(400);
      expect(fieldErrors(invalid)).toEqual({ id: ['编号无效'] });
    });
  });

  describe('POST list, GET detail, POST take/list', () => {
    it('pages a list and filters it by key, source, level and salesman', async () => {
      const a = await addCustomer(salesA, { companyName: `Needle Haystack ${serial}`, source: '展会', level: 'A' });
      const res = await customersAs(admin).post('list').send({ list: 'checkPendingList', key: 'needle hay', pageIndex: 1, pageSize: 5 }).expect(200);
      expect(res.body.data).toMatchObject({ pageIndex: 1, pageSize: 5, totalCount: 1, totalPage: 1 });
      expect(res.body.data.items[0]).toMatchObject({ id: a.id, code: a.code, salesmanName: '张晓明', wechatCount: 0, protected: false });
      expect(await listIds(admin, 'checkPendingList', { key: a.code })).toEqual([a.id]);
      expect(await listIds(admin, 'checkPendingList', { source: '展会', level: 'A' })).toContain(a.id);
      expect(await listIds(admin, 'checkPendingList', { level: 'B' })).not.toContain(a.id);
      expect(await listIds(admin, 'checkPendingList', { salesmanId: salesB.userid })).not.toContain(a.id);
    });

    it('validates the list and filters, and refuses a user without customers:list', async () => {
      const res = await customersAs(salesA)
        .post('list')
        .send({ list: 'everything', key: 'x'.repeat(51), pageSize: 500 })
        .expect(400);
      expect(fieldErrors(res)).toEqual({
        list: ['客户列表必须是以下之一：checkList, editList, checkPendingList, monthSixList, publicList, unprotectedList, protectedList'],
        key: ['查询内容不能超过 50 个字符'],
        pageSize: ['分页参数错误'],
      });
      await customersAs(finance).post('list').send({ list: 'checkList' }).expect(403);
    });

    it('shows a customer’s details with its bound accounts; 403 without customers:detail', async () => {
      const customer = await addCustomer();
      await t.prisma.db.customerWechat.create({ data: { customerId: customer.id, openId: `open-detail-${customer.id}`, nickname: '小王' } });
      const res = await customersAs(salesA).get(`detail/${customer.id}`).expect(200);
      expect(res.body.data).toMatchObject({
        id: customer.id,
        wechatCount: 1,
        wechats: [{ customerId: customer.id, nickname: '小王', companyName: customer.companyName }],
      });
      await customersAs(finance).get(`detail/${customer.id}`).expect(403);
      const invalid = await customersAs(salesA).get('detail/1.5').expect(400);
      expect(fieldErrors(invalid)).toEqual({ id: ['编号无效'] });
    });

    it('picks up to 20 of the caller’s customers by name for the binding dialog', async () => {
      const mine = await addCustomer(salesA, { companyName: `Pick Me Co ${serial}` });
      const res = await customersAs(salesA).post('take/list').send({ key: 'pick me' }).expect(200);
      expect(res.body.data).toEqual([{ id: mine.id, name: mine.companyName }]);
      const all = await customersAs(salesA).post('take/list').send({}).expect(200);
      expect(all.body.data.length).toBeLessThanOrEqual(20);
      const invalid = await customersAs(salesA)
        .post('take/list')
        .send({ key: 'x'.repeat(51) })
        .expect(400);
      expect(fieldErrors(invalid)).toEqual({ key: ['查询内容不能超过 50 个字符'] });
      // finance picks among every salesman's customers for its filters (finance:* codes, customers:all)
      const forFinance = await customersAs(finance).post('take/list').send({ key: 'pick me' }).expect(200);
      expect(forFinance.body.data).toContainEqual({ id: mine.id, name: mine.companyName });
    });
  });

  describe('data scope', () => {
    it('hides a salesman’s customers from another salesman (404, absent from lists), and shows them to customers:all', async () => {
      const ofA = await approvedCustomer();
      const pendingOfA = await addCustomer();
      const body = { ...newCustomer(), id: ofA.id, ver: await verOf(ofA.id) };
      for (const res of [
        await customersAs(salesB).get(`detail/${ofA.id}`),
        await customersAs(salesB).post('update').send(body),
        await customersAs(salesB).post('protect').send({ id: ofA.id, ver: body.ver, protect: true }),
        await customersAs(salesB).get(`bindcode/${ofA.id}`),
        await claim(salesB, ofA.id),
      ]) {
        expect([res.status, res.body.message]).toEqual([404, NOT_FOUND]);
      }
      for (const list of ['checkList', 'unprotectedList']) expect(await listIds(salesB, list)).not.toContain(ofA.id);
      expect(await listIds(salesB, 'checkPendingList')).not.toContain(pendingOfA.id);
      expect((await customersAs(salesB).post('take/list').send({ key: ofA.companyName }).expect(200)).body.data).toEqual([]);
      // customer service answers every customer's calls: it holds customers:all
      expect(await listIds(cs, 'checkList')).toContain(ofA.id);
      await customersAs(cs).get(`detail/${ofA.id}`).expect(200);

      expect(await listIds(admin, 'checkList')).toContain(ofA.id);
      expect(await listIds(admin, 'checkPendingList')).toContain(pendingOfA.id);
      await customersAs(admin).get(`detail/${ofA.id}`).expect(200);
    });
  });

  describe('binding a mini-program account', () => {
    it('issues a single-use code with its customer-portal link and QR image, valid customer.bindCodeMinutes', async () => {
      const customer = await addCustomer();
      const before = Date.now();
      const res = await customersAs(salesA).get(`bindcode/${customer.id}`).expect(200);
      const { bind_code, expire_seconds, lefeng_url, wechat_url } = res.body.data;
      expect(bind_code).toMatch(/^[0-9a-f]{32}$/);
      expect(expire_seconds).toBe(1800);
      // the default link opens the customer portal on this server (no PUBLIC_BASE_URL here: the address asked)
      expect(wechat_url).toBe(`${t.url}/m/bind?code=${bind_code}`);
      expect(lefeng_url).toMatch(/^data:image\/png;base64,/);
      expect(Buffer.from(lefeng_url.split(',')[1], 'base64').subarray(1, 4).toString()).toBe('PNG');
      // the database keeps the code's hash only: a dump holds no code that would bind
      expect(await t.prisma.db.customerBindCode.count({ where: { code: bind_code } })).toBe(0);
      const row = await t.prisma.db.customerBindCode.findUniqueOrThrow({ where: { code: storedId(bind_code) } });
      expect(row).toMatchObject({ customerId: customer.id, createdBy: salesA.userid, usedAt: null });
      expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 30 * 60_000);
      expect(row.expiresAt.getTime()).toBeLessThan(Date.now() + 30 * 60_000 + 1000);
    });

    it('follows customer.wechatBindUrl and customer.bindCodeMinutes', async () => {
      await setSetting('customer.wechatBindUrl', 'https://mp.example.com/bind?c=');
      await setSetting('customer.bindCodeMinutes', 5);
      try {
        const customer = await addCustomer();
        const res = await customersAs(salesA).get(`bindcode/${customer.id}`).expect(200);
        expect(res.body.data).toMatchObject({ expire_seconds: 300, wechat_url: `https://mp.example.com/bind?c=${res.body.data.bind_code}` });
      } finally {
        await resetSettings('customer.wechatBindUrl', 'customer.bindCodeMinutes');
      }
    });

    it('refuses a user without a binding code permission (403) and a malformed id (400)', async () => {
      const customer = await addCustomer();
      await customersAs(finance).get(`bindcode/${customer.id}`).expect(403);
      const invalid = await customersAs(salesA).get('bindcode/x').expect(400);
      expect(fieldErrors(invalid)).toEqual({ id: ['编号无效'] });
    });

    it('binds through the gateway once: a second use, an expired code and an unknown code are refused', async () => {
      const customer = await addCustomer();
      const code = (await getData(t, salesA, api(`bindcode/${customer.id}`))).bind_code;
      const res = await bind({ bindCode: code, openId: `open-${customer.id}`, nickname: '王总' }).expect(200);
      expect(res.body).toMatchObject({
        message: '绑定成功',
        data: { customerId: customer.id, companyName: customer.companyName, openId: `open-${customer.id}`, nickname: '王总' },
      });
      expect(await t.prisma.db.customerWechat.findUniqueOrThrow({ where: { openId: `open-${customer.id}` } })).toMatchObject({
        customerId: customer.id,
        nickname: '王总',
      });
      expect(await t.prisma.db.customerBindCode.findUniqueOrThrow({ where: { code: storedId(code) } })).toMatchObject({
        usedAt: expect.any(Date),
        usedBy: `open-${customer.id}`,
      });

      const again = await bind({ bindCode: code, openId: 'someone-else' }).expect(400);
      expect(fieldErrors(again)).toEqual({ bindCode: ['绑定码已被使用'] });

      const expired = (await getData(t, salesA, api(`bindcode/${customer.id}`))).bind_code;
      await t.prisma.db.customerBindCode.update({ where: { code: storedId(expired) }, data: { expiresAt: new Date(Date.now() - 1000) } });
      const late = await bind({ bindCode: expired, openId: 'late-comer' }).expect(400);
      expect(fieldErrors(late)).toEqual({ bindCode: ['绑定码已过期，请联系业务员重新生成'] });

      const unknown = await bind({ bindCode: 'f'.repeat(32), openId: 'guess' }).expect(400);
      expect(fieldErrors(unknown)).toEqual({ bindCode: ['绑定码无效'] });
      expect(await t.prisma.db.customerWechat.count({ where: { openId: { in: ['someone-else', 'late-comer', 'guess'] } } })).toBe(0);
    });

    it('refuses an account bound to another customer, and leaves the code unused', async () => {
      const first = await addCustomer();
      const second = await addCustomer();
      const openId = `open-moving-${first.id}`;
      await t.prisma.db.customerWechat.create({ data: { customerId: first.id, openId } });
      const code = (await getData(t, salesA, api(`bindcode/${second.id}`))).bind_code;
      const res = await bind({ bindCode: code, openId }).expect(400);
      expect(fieldErrors(res)).toEqual({ openId: ['该小程序账号已绑定其他客户，请先解绑'] });
      expect(await t.prisma.db.customerBindCode.findUniqueOrThrow({ where: { code: storedId(code) } })).toMatchObject({ usedAt: null });
    });

    it('refuses a call without the gateway secret, or with a wrong one, before looking at the body', async () => {
      const missing = await bind({}, null).expect(401);
      expect(missing.body.message).toBe('小程序网关密钥无效');
      await bind({ bindCode: 'x', openId: 'y' }, 'wrong').expect(401);
    });

    it('validates the gateway’s fields', async () => {
      const res = await bind({ bindCode: '', nickname: 'n'.repeat(101), avatarUrl: 'ftp://x' }).expect(400);
      expect(fieldErrors(res)).toEqual({
        bindCode: ['请输入绑定码'],
        openId: ['缺少小程序用户标识'],
        nickname: ['昵称不能超过 100 个字符'],
        avatarUrl: ['头像地址必须是 http(s) 链接，且不超过 500 个字符'],
      });
    });
  });

  describe('bound accounts (list/wechat, wechat/delete)', () => {
    it('pages the accounts of the caller’s customers, by customer or key', async () => {
      const mine = await addCustomer();
      const ofB = await addCustomer(salesB);
      const account = await t.prisma.db.customerWechat.create({ data: { customerId: mine.id, openId: `open-list-${mine.id}`, nickname: '李经理' } });
      await t.prisma.db.customerWechat.create({ data: { customerId: ofB.id, openId: `open-list-${ofB.id}` } });
      const res = await customersAs(salesA).post('list/wechat').send({ customerId: mine.id }).expect(200);
      expect(res.body.data).toMatchObject({ totalCount: 1, items: [{ id: account.id, customerId: mine.id, customerCode: mine.code, nickname: '李经理' }] });
      const byKey = await customersAs(salesA).post('list/wechat').send({ key: '李经理' }).expect(200);
      expect(byKey.body.data.items.map((w: { id: number }) => w.id)).toEqual([account.id]);
      const other = await customersAs(salesA).post('list/wechat').send({ customerId: ofB.id }).expect(200);
      expect(other.body.data.totalCount).toBe(0);
      const all = await customersAs(admin).post('list/wechat').send({ customerId: ofB.id }).expect(200);
      expect(all.body.data.totalCount).toBe(1);
    });

    it('validates and refuses a user without customers:wechat', async () => {
      const invalid = await customersAs(salesA).post('list/wechat').send({ customerId: 'x', pageIndex: 0 }).expect(400);
      expect(fieldErrors(invalid)).toEqual({ customerId: ['编号无效'], pageIndex: ['分页参数错误'] });
      await customersAs(cs).post('list/wechat').send({}).expect(403);
    });

    it('unbinds an account of the caller’s customer; another salesman gets 404', async () => {
      const mine = await addCustomer();
      const account = await t.prisma.db.customerWechat.create({ data: { customerId: mine.id, openId: `open-unbind-${mine.id}` } });
      await customersAs(salesB).delete(`wechat/delete/${account.id}`).expect(404);
      await customersAs(cs).delete(`wechat/delete/${account.id}`).expect(403);
      const res = await customersAs(salesA).delete(`wechat/delete/${account.id}`).expect(200);
      expect(res.body.message).toBe('微信小程序解绑成功');
      await customersAs(salesA).delete(`wechat/delete/${account.id}`).expect(404);
      const invalid = await customersAs(salesA).delete('wechat/delete/x').expect(400);
      expect(fieldErrors(invalid)).toEqual({ id: ['编号无效'] });
    });
  });

  describe('POST appointexit/{connectionId}', () => {
    const connect = (token: string) => connectHub(t.url, token);

    it('forces a live hub connection off', async () => {
      const connection = await connect(salesB.token);
      const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
      const id = connection.connectionId!;
      // a salesman has no connection of theirs to close yet (no mini-program connections exist)
      await customersAs(salesA).post(`appointexit/${id}`).expect(404);
      await customersAs(cs).post(`appointexit/${id}`).expect(403);

      const res = await customersAs(admin).post(`appointexit/${id}`).expect(200);
      expect(res.body.message).toBe('已强制下线');
      await closed;
      expect(connection.state).toBe(HubConnectionState.Disconnected);
      expect((await t.app.get(HubService).online()).some((c) => c.connectionId === id)).toBe(false);
      await customersAs(admin).post(`appointexit/${id}`).expect(404);
    });

    describe('customers’ mini-program connections (wechat/token, list/online)', () => {
      const gatewayToken = (openId: string, secret: string | null = GATEWAY_SECRET) => {
        const req = t.http().post(api('wechat/token'));
        if (secret !== null) req.set('X-Wechat-Gateway-Secret', secret);
        return req.send({ openId });
      };
      const online = (by: Session, body: Record<string, unknown> = {}) => customersAs(by).post('list/online').send(body);
      let customer: Customer;
      let account: { id: number };

      beforeAll(async () => {
        customer = await addCustomer();
        account = await t.prisma.db.customerWechat.create({ data: { customerId: customer.id, openId: `open-live-${customer.id}`, nickname: '陈总' } });
      });

      it('gives the gateway a hub token for a bound account only', async () => {
        const res = await gatewayToken(`open-live-${customer.id}`).expect(200);
        expect(res.body.data).toMatchObject({ customerId: customer.id, token: expect.any(String), expiresIn: expect.any(Number) });
        const unknown = await gatewayToken('not-bound').expect(400);
        expect(fieldErrors(unknown)).toEqual({ openId: ['该小程序账号未绑定客户'] });
        await gatewayToken(`open-live-${customer.id}`, null).expect(401);
        // the token is no staff access token
        await t
          .http()
          .post(api('list'))
          .set({ Authorization: `Bearer ${res.body.data.token}` })
          .send({ list: 'checkList' })
          .expect(401);
      });

      it('lists the live connection to its customer’s salesman and to customers:all, with the account; hub methods are refused', async () => {
        const token = (await gatewayToken(`open-live-${customer.id}`).expect(200)).body.data.token;
        const connection = await connect(token);
        try {
          const mine = await online(salesA).expect(200);
          expect(mine.body.data).toMatchObject({
            totalCount: 1,
            items: [
              {
                connectionId: connection.connectionId,
                customerId: customer.id,
                customerCode: customer.code,
                companyName: customer.companyName,
                wechatId: account.id,
                openId: `open-live-${customer.id}`,
                nickname: '陈总',
                transport: 'WebSockets',
              },
            ],
          });
          expect((await online(salesB).expect(200)).body.data.totalCount).toBe(0);
          expect((await online(admin, { customerId: customer.id }).expect(200)).body.data.totalCount).toBe(1);
          await online(cs).expect(403);
          expect((await t.app.get(HubService).online()).find((c) => c.connectionId === connection.connectionId)).toMatchObject({
            client: 'miniprogram',
            userId: 0,
            customerId: customer.id,
          });
          await expect(connection.invoke('SendWechatUserExit', 0)).rejects.toThrow(/not available to customers/);
        } finally {
          await connection.stop();
        }
      });

      it('lets the customer’s salesman force the connection off; another salesman gets 404', async () => {
        const connection = await connect((await gatewayToken(`open-live-${customer.id}`).expect(200)).body.data.token);
        const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
        await customersAs(salesB).post(`appointexit/${connection.connectionId}`).expect(404);
        await customersAs(salesA).post(`appointexit/${connection.connectionId}`).expect(200);
        await closed;
        expect((await online(salesA).expect(200)).body.data.totalCount).toBe(0);
      });

      it('closes the live connections of an account when it is unbound, and its token no longer connects', async () => {
        const token = (await gatewayToken(`open-live-${customer.id}`).expect(200)).body.data.token;
        const connection = await connect(token);
        const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
        await customersAs(salesA).delete(`wechat/delete/${account.id}`).expect(200);
        await closed;
        expect(connection.state).toBe(HubConnectionState.Disconnected);
        await expect(connect(token)).rejects.toThrow();
      });
    });

    it('refuses a malformed connection id', async () => {
      const res = await customersAs(admin).post('appointexit/not.an.id').expect(400);
      expect(fieldErrors(res)).toEqual({ connectionId: ['连接编号无效'] });
    });
  });
});
