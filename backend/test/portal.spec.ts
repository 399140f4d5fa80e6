// The customer portal's server side (docs/portal.md), call by call on a real database: binding from a binding
// code, signing in, a customer seeing only their own orders and amounts (two customers), nothing internal in
// the answers, the released documents, pre-alerts reaching the salesman, the two token kinds kept apart, and
// the live side through the real @microsoft/signalr client: the online list, 强制下线, unbinding, and the
// stage pushes reaching only the own customer's connection.
import { HubConnectionState, type HubConnection } from '@microsoft/signalr';
import { IDEMPOTENT_REPLAYED_HEADER, type OrderStagePush } from '@forwarder/domain';
import { DEMO, fieldErrors, getData, requestAs, type Session, useTestApp } from './app.js';
import { connectHub } from './hub-client.js';
import { addCustomer, addPorts, CONTACT, lineRoute, type Line } from './order-fixtures.js';
import { bindCodeOf, bindPortalAccount, encryptPassword, loginPublicKey, PORTAL_PASSWORD, portalAs, type PortalSession } from './portal-fixtures.js';
import { MOVE_DATA } from './stage-data.js';

/** Every field a portal order row may carry: anything else would be internal. */
const ROW_FIELDS = [
  'line',
  'id',
  'orderNo',
  'stage',
  'stageName',
  'sideState',
  'createdAt',
  'updatedAt',
  'pol',
  'pod',
  'packages',
  'weight',
  'volume',
  'etd',
  'eta',
  'fromPortal',
];

describe('customer portal', () => {
  const { t, admin, salesA, salesB } = useTestApp({ admin: DEMO.admin, salesA: DEMO.salesman, salesB: DEMO.salesman2 });
  let port: Record<string, number>;
  let customerA: number;
  let customerB: number;
  let portalA: PortalSession;
  let portalB: PortalSession;

  const staffOrder = async (by: Session, customerId: number, line: Line = 'dedicatedline', over: Record<string, unknown> = {}) =>
    (
      await requestAs(t, by)
        .put(`/api/v1/order/${line}/add`)
        .send({ customerId, ...lineRoute(port, line), goodsName: '服装', packages: 3, grossWeight: 120.5, volume: 1.2, remark: '内部备注：客户压价', ...over })
        .expect(200)
    ).body.data as { id: number; orderNo: string; shipType: string };
  let publicKey: string;
  const bind = (code: string, account: string, password = PORTAL_PASSWORD) =>
    t
      .http()
      .post('/api/v1/portal/bind')
      .send({ bindCode: code, name: '陈总', account, password: encryptPassword(publicKey, password) });
  const signIn = (account: string, password: string) =>
    t
      .http()
      .post('/api/v1/portal/login')
      .send({ account, password: encryptPassword(publicKey, password) });

  beforeAll(async () => {
    publicKey = await loginPublicKey(t);
    port = await addPorts(t, admin);
    customerA = await addCustomer(t, admin, salesA, { companyName: '门户甲公司', ...CONTACT });
    customerB = await addCustomer(t, admin, salesB, { companyName: '门户乙公司', ...CONTACT });
    portalA = await bindPortalAccount(t, salesA, customerA, '13900000001');
    portalB = await bindPortalAccount(t, salesB, customerB, 'b@portal.example.com');
  });

  describe('binding', () => {
    it('shows the company of a code without using it, binds once, and refuses a second use, an expired and an unknown code', async () => {
      const code = await bindCodeOf(t, salesA, customerA);
      const preview = await t.http().get(`/api/v1/portal/bind/preview?bindCode=${code}`).expect(200);
      expect(preview.body.data).toMatchObject({ companyName: '门户甲公司', customerCode: expect.stringMatching(/^C\d+$/), expiresAt: expect.any(String) });
      // the preview left it usable
      const bound = await bind(code, 'First.User@Example.com').expect(200);
      expect(bound.body.message).toBe('绑定成功');
      // the single-use code stays out of the request log: the preview's query and the binding's body mask it
      await t.flushAudit();
      const logged = await t.prisma.db.requestLog.findMany({ where: { path: { startsWith: '/api/v1/portal/bind' } }, orderBy: { id: 'desc' }, take: 2 });
      expect(logged.map((row) => row.path).sort()).toEqual(['/api/v1/portal/bind', '/api/v1/portal/bind/preview']);
      expect(JSON.stringify(logged.map((row) => row.params))).not.toContain(code);
      expect(logged.find((row) => row.path === '/api/v1/portal/bind/preview')!.params).toMatchObject({ query: { bindCode: '******' } });
      expect(logged.find((row) => row.path === '/api/v1/portal/bind')!.params).toMatchObject({ body: { bindCode: '******', name: '陈总' } });
      expect(bound.body.data).toMatchObject({
        token: expect.any(String),
        expiresIn: 7 * 86400,
        account: { name: '陈总', account: 'first.user@example.com', customerId: customerA, companyName: '门户甲公司', lang: 'zh' },
      });
      expect(fieldErrors(await bind(code, '13900000077').expect(400))).toEqual({ bindCode: ['绑定码已被使用'] });
      expect(fieldErrors(await t.http().get(`/api/v1/portal/bind/preview?bindCode=${code}`).expect(400))).toEqual({ bindCode: ['绑定码已被使用'] });

      const expired = await bindCodeOf(t, salesA, customerA);
      await t.prisma.db.customerBindCode.updateMany({ where: { usedAt: null, customerId: customerA }, data: { expiresAt: new Date(Date.now() - 1000) } });
      expect(fieldErrors(await bind(expired, '13900000078').expect(400))).toEqual({ bindCode: ['绑定码已过期，请联系业务员重新生成'] });
      expect(fieldErrors(await bind('0'.repeat(32), '13900000079').expect(400))).toEqual({ bindCode: ['绑定码无效'] });
    });

    it('checks the input before using the code: a bad account, a short password or a name taken leave the code usable', async () => {
      const code = await bindCodeOf(t, salesA, customerA);
      expect(fieldErrors(await bind(code, 'not an account').expect(400))).toEqual({ account: ['请输入手机号或电子邮箱'] });
      expect(fieldErrors(await bind(code, '13900000080', 'short').expect(400))).toEqual({ password: ['密码长度为 8–64 个字符'] });
      expect(fieldErrors(await bind(code, '13900000001').expect(400))).toEqual({ account: ['该手机号或邮箱已绑定门户账号，请直接登录'] });
      const garbled = await t
        .http()
        .post('/api/v1/portal/bind')
        .send({ bindCode: code, name: '陈总', account: '13900000080', password: 'bm90IHJzYQ==' })
        .expect(400);
      expect(fieldErrors(garbled)).toEqual({ password: ['密码无法解密，请刷新页面后重试'] });
      await t.http().get(`/api/v1/portal/bind/preview?bindCode=${code}`).expect(200);
      await bind(code, '13900000080').expect(200);
    });

    it('shows the portal account to staff as a bound row of the customer, with its last visit', async () => {
      const detail = await getData(t, salesA, `/api/v1/customers/detail/${customerA}`);
      const row = detail.wechats.find((w: { portal: { account: string } | null }) => w.portal?.account === '13900000001');
      expect(row).toMatchObject({
        openId: 'portal:13900000001',
        nickname: '陈总',
        portal: { id: portalA.account.id, name: '陈总', lastSeenAt: expect.any(String) },
      });
      // the list of bound accounts too, and not to another salesman
      const list = await requestAs(t, salesA).post('/api/v1/customers/list/wechat').send({ customerId: customerA }).expect(200);
      expect(list.body.data.items.map((w: { openId: string }) => w.openId)).toContain('portal:13900000001');
      const other = await requestAs(t, salesB).post('/api/v1/customers/list/wechat').send({ customerId: customerA }).expect(200);
      expect(other.body.data.totalCount).toBe(0);
    });
  });

  describe('signing in', () => {
    it('signs in with the account in any case and spacing; a wrong password and an unknown account get the same 400', async () => {
      const res = await signIn(' 139-0000-0001 ', PORTAL_PASSWORD).expect(200);
      expect(res.body.data.account).toMatchObject({ id: portalA.account.id, customerId: customerA });
      const me = await portalAs(t, res.body.data.token).get('me').expect(200);
      expect(me.body.data).toMatchObject({
        account: '13900000001',
        companyName: '门户甲公司',
        permissionCodes: ['wechat:orderAdd', 'wechat:orderList', 'wechat:track'],
      });
      const wrong = await signIn('13900000001', 'Wrong-password-1').expect(400);
      const unknown = await signIn('13911111111', 'Wrong-password-1').expect(400);
      // the first failure of each: one message, whether the account exists or not
      expect(wrong.body.message).toMatch(/^账号或密码错误/);
      expect(unknown.body.message).toBe(wrong.body.message);
    });

    it('signs out: the token is refused afterwards', async () => {
      const { token } = (await signIn('13900000001', PORTAL_PASSWORD).expect(200)).body.data;
      await portalAs(t, token).post('logout').expect(200);
      await portalAs(t, token).get('me').expect(401);
    });
  });

  describe('the two token kinds', () => {
    it('refuses a portal token on staff routes (403) and a staff token on portal routes (403); none at all is 401', async () => {
      const portal = { Authorization: `Bearer ${portalA.token}` };
      await t.http().get('/api/v1/workbench/summary').set(portal).expect(403);
      await t.http().post('/api/v1/customers/list').set(portal).send({ list: 'checkList' }).expect(403);
      await t.http().post('/api/v1/order/list').set(portal).send({ shipType: 'dedicatedline' }).expect(403);
      await requestAs(t, salesA).get('/api/v1/portal/me').expect(403);
      await requestAs(t, admin).get('/api/v1/portal/orders').expect(403);
      await t.http().get('/api/v1/portal/me').expect(401);
      await t.http().get('/api/v1/portal/me').set('Authorization', 'Bearer not.a.token').expect(401);
    });

    it('honours the account’s permission codes: without wechat:orderAdd no pre-alert', async () => {
      await t.prisma.db.portalAccount.update({ where: { id: portalB.account.id }, data: { permissionCodes: ['wechat:orderList', 'wechat:track'] } });
      try {
        await portalAs(t, portalB.token).post('prealerts').send({}).expect(403);
        await portalAs(t, portalB.token).get('orders').expect(200);
      } finally {
        await t.prisma.db.portalAccount.update({
          where: { id: portalB.account.id },
          data: { permissionCodes: ['wechat:orderAdd', 'wechat:orderList', 'wechat:track'] },
        });
      }
    });
  });

  describe('what a customer sees', () => {
    let ofA: { id: number; orderNo: string };
    let airOfA: { id: number; orderNo: string };
    let ofB: { id: number; orderNo: string };

    beforeAll(async () => {
      ofA = await staffOrder(salesA, customerA);
      airOfA = await staffOrder(salesA, customerA, 'airtransport');
      ofB = await staffOrder(salesB, customerB);
    });

    it('lists the own customer’s orders of every line only, with the stage in the line’s words and nothing internal', async () => {
      const page = (await portalAs(t, portalA.token).get('orders').expect(200)).body.data;
      const numbers = page.list.map((o: { orderNo: string }) => o.orderNo);
      expect(numbers).toEqual(expect.arrayContaining([ofA.orderNo, airOfA.orderNo]));
      expect(numbers).not.toContain(ofB.orderNo);
      expect(page).toMatchObject({ total: numbers.length, page: 1, size: 20 });
      for (const row of page.list) expect(Object.keys(row).sort()).toEqual([...ROW_FIELDS].sort());
      expect(page.list.find((o: { id: number }) => o.id === ofA.id)).toMatchObject({
        line: 'dedicatedline',
        stage: 'created',
        stageName: '已登记',
        pol: 'CNSHA',
        pod: 'DEHAM',
        packages: 3,
        weight: 120.5,
        fromPortal: false,
      });
      const en = await portalAs(t, portalA.token).get('orders?line=airtransport').set('Accept-Language', 'en').expect(200);
      expect(en.body.data.list.map((o: { orderNo: string; stageName: string }) => [o.orderNo, o.stageName])).toEqual([[airOfA.orderNo, 'Registered']]);
      // B sees B's only
      const ofBList = (await portalAs(t, portalB.token).get('orders').expect(200)).body.data.list.map((o: { orderNo: string }) => o.orderNo);
      expect(ofBList).toContain(ofB.orderNo);
      expect(ofBList).not.toContain(ofA.orderNo);
    });

    it('searches by number and filters by stage; refuses an unknown stage and a page too large', async () => {
      const found = await portalAs(t, portalA.token)
        .get(`orders?keyword=${ofA.orderNo.slice(-4).toLowerCase()}`)
        .expect(200);
      expect(found.body.data.list.map((o: { id: number }) => o.id)).toContain(ofA.id);
      const none = await portalAs(t, portalA.token).get(`orders?keyword=${ofB.orderNo}`).expect(200);
      expect(none.body.data).toMatchObject({ list: [], total: 0 });
      expect((await portalAs(t, portalA.token).get('orders?stage=sail').expect(200)).body.data.total).toBe(0);
      expect(fieldErrors(await portalAs(t, portalA.token).get('orders?stage=brokerage').expect(400))).toEqual({ stage: ['阶段无效'] });
      await portalAs(t, portalA.token).get('orders?size=51').expect(400);
    });

    it('answers the detail with the public timeline, packages and tracking link; another customer’s order is 404', async () => {
      await requestAs(t, admin)
        .post('/api/v1/order/upgrade/warehouse')
        .send({ ids: [ofA.id], ...MOVE_DATA.warehouse?.('dedicatedline') })
        .expect(200);
      const detail = (await portalAs(t, portalA.token).get(`orders/dedicatedline/${ofA.id}`).expect(200)).body.data;
      expect(Object.keys(detail).sort()).toEqual([...ROW_FIELDS, 'timeline', 'packageList', 'documents', 'trackingUrl'].sort());
      expect(detail).toMatchObject({ stage: 'warehouse', stageName: '已入仓', documents: [], trackingUrl: expect.stringMatching(/^\/t\/[A-Za-z0-9_-]{22}$/) });
      expect(detail.timeline.map((e: { stage: string; text: string }) => [e.stage, e.text])).toEqual([
        ['warehouse', '进入“已入仓”'],
        ['created', '订单已创建'],
      ]);
      expect(detail.packageList).toEqual([{ marks: expect.any(String), count: 3, weight: 120.5, volume: 1.2, trackingNo: null }]);
      // nothing of the order's internals anywhere in the answer
      expect(JSON.stringify(detail)).not.toMatch(/内部备注|salesman|remark/i);
      await portalAs(t, portalA.token).get(`orders/dedicatedline/${ofB.id}`).expect(404);
      await portalAs(t, portalA.token).get(`orders/airtransport/${ofA.id}`).expect(404);
      // the public page of that link is the same order's
      const page = await t.http().get(detail.trackingUrl).expect(200);
      expect(page.text).toContain(ofA.orderNo);
    });

    it('lists the documents staff released (issued) and serves each as an inert PDF download, to the own customer only', async () => {
      const bill = {
        orderId: ofA.id,
        kind: 'bill',
        shipper: '门户甲公司',
        consignee: 'ACME GmbH',
        placeFrom: 'Shanghai',
        placeTo: 'Hamburg',
        goodsDescription: '服装 garments',
        freightTerm: 'prepaid',
        createdBy: 1,
        updatedBy: 1,
      };
      const saved = await t.prisma.db.orderDocument.create({ data: bill });
      // not issued yet: not released
      expect((await portalAs(t, portalA.token).get(`orders/dedicatedline/${ofA.id}`).expect(200)).body.data.documents).toEqual([]);
      await portalAs(t, portalA.token).get(`orders/dedicatedline/${ofA.id}/documents/${saved.id}`).expect(404);
      await t.prisma.db.orderDocument.update({ where: { id: saved.id }, data: { issuedAt: new Date() } });
      const { documents } = (await portalAs(t, portalA.token).get(`orders/dedicatedline/${ofA.id}`).expect(200)).body.data;
      expect(documents).toEqual([{ id: saved.id, kind: 'bill', name: expect.stringMatching(/\.pdf$/), size: expect.any(Number) }]);
      const pdf = await portalAs(t, portalA.token)
        .get(`orders/dedicatedline/${ofA.id}/documents/${saved.id}`)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toMatch(/^attachment;/);
      expect(pdf.headers['content-security-policy']).toContain('sandbox');
      expect(pdf.headers['x-content-type-options']).toBe('nosniff');
      expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
      expect((pdf.body as Buffer).length).toBe(documents[0].size);
      await portalAs(t, portalB.token).get(`orders/dedicatedline/${ofA.id}/documents/${saved.id}`).expect(404);
    });

    it('answers the own open amounts without cost, profit or commission; another customer’s are not there', async () => {
      const charge = (orderId: number, kind: 'receivable' | 'payable', amount: number) =>
        requestAs(t, admin).post(`/api/v1/order/finance/add/${kind}`).send({ orderId, type: '运费', amount, currency: 'CNY' }).expect(200);
      await charge(ofA.id, 'receivable', 1500);
      await charge(ofA.id, 'payable', 900);
      await charge(ofB.id, 'receivable', 700);
      const amounts = (await portalAs(t, portalA.token).get('amounts').expect(200)).body.data;
      expect(amounts.totals).toEqual([{ currency: 'CNY', amount: 1500 }]);
      expect(amounts.list).toEqual([{ line: 'dedicatedline', orderNo: ofA.orderNo, amount: 1500, currency: 'CNY', dueDate: expect.any(String), ageDays: 0 }]);
      expect(JSON.stringify(amounts)).not.toMatch(/payable|profit|commission|cost|revenue|received|salesman/i);
      const ofBAmounts = (await portalAs(t, portalB.token).get('amounts').expect(200)).body.data;
      expect(ofBAmounts.list.map((r: { orderNo: string }) => r.orderNo)).toEqual([ofB.orderNo]);
    });
  });

  describe('pre-alerts', () => {
    const prealert = (over: Record<string, unknown> = {}) => ({
      line: 'dedicatedline',
      pol: port.CNSHA,
      pod: port.DEHAM,
      consignee: 'ACME GmbH, Hamburg',
      goods: '户外帐篷',
      packages: 12,
      weight: 340.5,
      remark: '周五前到仓',
      ...over,
    });

    it('creates a registered order of the customer for its salesman, once per Idempotency-Key, and counts it waiting on the workbench', async () => {
      const before = (await getData(t, salesA, '/api/v1/workbench/summary')).prealertsWaiting;
      const ports = (await portalAs(t, portalA.token).get('ports?line=dedicatedline').expect(200)).body.data;
      expect(ports).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: port.CNSHA, kind: 'start' }), expect.objectContaining({ id: port.DEHAM, kind: 'end' })]),
      );

      const first = await portalAs(t, portalA.token).post('prealerts').set('Idempotency-Key', 'prealert-1').send(prealert()).expect(200);
      expect(first.body.data).toEqual({ line: 'dedicatedline', id: expect.any(Number), orderNo: expect.any(String) });
      const again = await portalAs(t, portalA.token).post('prealerts').set('Idempotency-Key', 'prealert-1').send(prealert()).expect(200);
      expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
      expect(again.body.data).toEqual(first.body.data);
      const { id, orderNo } = first.body.data;
      expect(await t.prisma.db.order.count({ where: { customerId: customerA, goodsName: '户外帐篷' } })).toBe(1);

      // in the salesman's 已登记 list, marked as from the portal, theirs; not in the other salesman's
      const list = await requestAs(t, salesA).post('/api/v1/order/list').send({ shipType: 'dedicatedline', view: 'created', fromPortal: true }).expect(200);
      expect(list.body.data.items).toEqual([
        expect.objectContaining({ id, orderNo, customerId: customerA, fromPortal: true, portalCheckedAt: null, packages: 12, grossWeight: 340.5 }),
      ]);
      const salesman = await t.prisma.db.customer.findUniqueOrThrow({ where: { id: customerA }, select: { salesmanId: true } });
      expect((await t.prisma.db.order.findUniqueOrThrow({ where: { id } })).salesmanId).toBe(salesman.salesmanId);
      const others = await requestAs(t, salesB).post('/api/v1/order/list').send({ shipType: 'dedicatedline', view: 'created', fromPortal: true }).expect(200);
      expect(others.body.data.items.map((o: { id: number }) => o.id)).not.toContain(id);
      expect((await portalAs(t, portalA.token).get('orders').expect(200)).body.data.list[0]).toMatchObject({ id, fromPortal: true, stageName: '已登记' });

      const waiting = (await getData(t, salesA, '/api/v1/workbench/summary')).prealertsWaiting;
      expect(waiting.total).toBe((before?.total ?? 0) + 1);
      expect(waiting.byLine.dedicatedline).toBe((before?.byLine.dedicatedline ?? 0) + 1);
      expect((await getData(t, salesB, '/api/v1/workbench/summary')).prealertsWaiting.total).toBe(0);
      // the salesman opens it: checked, no longer waiting
      expect((await getData(t, salesA, `/api/v1/order/detail/${id}`)).portalCheckedAt).toEqual(expect.any(String));
      expect((await getData(t, salesA, '/api/v1/workbench/summary')).prealertsWaiting.total).toBe(before?.total ?? 0);
    });

    it('refuses ports of another line or of the wrong kind and bad figures with field messages', async () => {
      const res = await portalAs(t, portalA.token)
        .post('prealerts')
        .send(prealert({ pol: port.DEHAM, pod: port.PVG }))
        .expect(400);
      expect(fieldErrors(res)).toEqual({ pol: ['请选择该线路的港口'], pod: ['请选择该线路的港口'] });
      const bad = await portalAs(t, portalA.token)
        .post('prealerts')
        .send(prealert({ packages: 0, weight: -1, goods: '' }))
        .expect(400);
      expect(Object.keys(fieldErrors(bad)).sort()).toEqual(['goods', 'packages', 'weight']);
    });
  });

  describe('live', () => {
    const hubTokenOf = async (token: string) => (await portalAs(t, token).get('hub/token').expect(200)).body.data.token as string;
    const online = async (by: Session) => (await requestAs(t, by).post('/api/v1/customers/list/online').send({}).expect(200)).body.data;
    const pushes = (connection: HubConnection) => {
      const got: OrderStagePush[] = [];
      connection.on('ReceiveOrderStage', (push: OrderStagePush) => got.push(push));
      return got;
    };
    const until = async (check: () => boolean, ms = 5000) => {
      const end = Date.now() + ms;
      while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      return check();
    };

    it('shows the portal connection in the salesman’s online list and pushes a stage move to the own customer’s connection only', async () => {
      const a = await connectHub(t.url, await hubTokenOf(portalA.token), '?client=miniprogram');
      const b = await connectHub(t.url, await hubTokenOf(portalB.token), '?client=miniprogram');
      try {
        const gotA = pushes(a);
        const gotB = pushes(b);
        const list = await online(salesA);
        expect(list.items).toEqual([
          expect.objectContaining({ connectionId: a.connectionId, customerId: customerA, wechatId: expect.any(Number), nickname: '陈总' }),
        ]);
        expect((await online(salesB)).items.map((c: { connectionId: string }) => c.connectionId)).toEqual([b.connectionId]);

        const order = await staffOrder(salesA, customerA, 'airtransport');
        await requestAs(t, admin)
          .post('/api/v1/order/upgrade/warehouse')
          .send({ ids: [order.id], ...MOVE_DATA.warehouse?.('airtransport') })
          .expect(200);
        expect(await until(() => gotA.length > 0)).toBe(true);
        expect(gotA).toEqual([{ line: 'airtransport', id: order.id, orderNo: order.orderNo, stage: 'warehouse', stageName: '已入仓' }]);
        // B's connection heard nothing of A's order (a move of B's own order reaches B, proving it listens)
        const ofB = await staffOrder(salesB, customerB);
        await requestAs(t, admin)
          .post('/api/v1/order/upgrade/warehouse')
          .send({ ids: [ofB.id], ...MOVE_DATA.warehouse?.('dedicatedline') })
          .expect(200);
        expect(await until(() => gotB.length > 0)).toBe(true);
        expect(gotB.map((p) => p.orderNo)).toEqual([ofB.orderNo]);
        expect(gotA.map((p) => p.orderNo)).toEqual([order.orderNo]);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    });

    it('强制下线 closes the connection with its message and ends the portal session', async () => {
      const session = await bindPortalAccount(t, salesA, customerA, 'forced@portal.example.com', '王经理');
      const connection = await connectHub(t.url, await hubTokenOf(session.token), '?client=miniprogram');
      const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
      const hubToken = await hubTokenOf(session.token);
      await requestAs(t, salesB).post(`/api/v1/customers/appointexit/${connection.connectionId}`).expect(404);
      await requestAs(t, salesA).post(`/api/v1/customers/appointexit/${connection.connectionId}`).expect(200);
      expect(String(await closed)).toContain('您已被强制下线');
      expect(connection.state).toBe(HubConnectionState.Disconnected);
      await portalAs(t, session.token).get('me').expect(401);
      // a hub token the session had asked for no longer connects
      await expect(connectHub(t.url, hubToken, '?client=miniprogram')).rejects.toThrow();
      expect((await online(salesA)).items.map((c: { nickname: string }) => c.nickname)).not.toContain('王经理');
    });

    it('unbinding the account closes its connection and refuses its token', async () => {
      const session = await bindPortalAccount(t, salesA, customerA, 'unbind@portal.example.com', '李四');
      const connection = await connectHub(t.url, await hubTokenOf(session.token), '?client=miniprogram');
      const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
      const account = await t.prisma.db.portalAccount.findUniqueOrThrow({ where: { id: session.account.id } });
      await requestAs(t, salesA).delete(`/api/v1/customers/wechat/delete/${account.wechatId}`).expect(200);
      expect(String(await closed)).toContain('微信小程序解绑成功');
      await portalAs(t, session.token).get('me').expect(401);
      expect(await t.prisma.db.portalAccount.count({ where: { id: session.account.id } })).toBe(0);
      expect(await t.prisma.db.customerWechat.count({ where: { id: account.wechatId } })).toBe(0);
    });
  });
});
