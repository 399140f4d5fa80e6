import { GrantsService } from '../src/auth/grants.service.js';
import { DESK_STAFF, type Session, useTestApp } from './app.js';
import { useHubConnections } from './hub-client.js';

process.env.LOG_PURGE_SCHEDULED = 'false';

describe('workbench (/workbench/summary)', () => {
  const { t, admin, salesman, operator, service } = useTestApp(DESK_STAFF);

  const summary = async (s: Session) =>
    (
      await t
        .http()
        .get('/api/v1/workbench/summary')
        .set({ Authorization: `Bearer ${s.token}` })
        .expect(200)
    ).body.data;

  it('tells the user who they are and which roles they hold', async () => {
    expect(await summary(salesman)).toMatchObject({
      userId: salesman.userid,
      account: 'sales01',
      fullName: '张晓明',
      roles: [{ code: 'salesman', name: '销售', nameEn: 'Salesman' }],
    });
  });

  it('needs a signed-in user', async () => {
    await t.http().get('/api/v1/workbench/summary').expect(401);
  });

  describe('unread notices (index:notice)', () => {
    beforeAll(async () => {
      const salesRole = await t.prisma.db.role.findUniqueOrThrow({ where: { code: 'salesman' } });
      const notice = (title: string, data: object) => ({
        title,
        content: '<p>x</p>',
        createdBy: admin.userid,
        status: 'published',
        publishedAt: new Date(),
        ...data,
      });
      await t.prisma.db.notice.createMany({
        data: [
          notice('全员：年终盘点', {}),
          notice('全员：已读的通知', {}),
          notice('销售：提成调整', { audience: 'roles', audienceRoleIds: [salesRole.id] }),
          notice('指定：客服排班', { audience: 'users', audienceUserIds: [service.userid] }),
          notice('全员：已撤回', { status: 'withdrawn', withdrawnAt: new Date() }),
          notice('全员：草稿', { status: 'draft', publishedAt: null }),
        ],
      });
      const read = await t.prisma.db.notice.findFirstOrThrow({ where: { title: '全员：已读的通知' } });
      await t.prisma.db.noticeRead.createMany({ data: [salesman, operator, service].map((s) => ({ noticeId: read.id, userId: s.userid })) });
    });

    it('counts the published notices of the user’s audience (everyone, their role, or them by name) not read yet', async () => {
      expect((await summary(salesman)).unreadNotices).toBe(2);
      expect((await summary(service)).unreadNotices).toBe(2);
      expect((await summary(operator)).unreadNotices).toBe(1);
      expect((await summary(admin)).unreadNotices).toBe(2);
    });

    it('drops a notice from the count once the user has read it', async () => {
      const rates = await t.prisma.db.notice.findFirstOrThrow({ where: { title: '销售：提成调整' } });
      await t.prisma.db.noticeRead.create({ data: { noticeId: rates.id, userId: salesman.userid } });
      expect((await summary(salesman)).unreadNotices).toBe(1);
    });
  });

  describe('online staff (index:online)', () => {
    const open = useHubConnections(t);
    const connect = (s: Session) => open(s.token);

    it('counts the user asking, before their page has connected, and distinct users with a live hub connection', async () => {
      expect((await summary(admin)).onlineStaff).toBe(1);
      await connect(salesman);
      await connect(salesman);
      await connect(operator);
      expect((await summary(admin)).onlineStaff).toBe(3);
      await connect(admin);
      expect((await summary(admin)).onlineStaff).toBe(3);
    });

    it('is left out for a user without index:online', async () => {
      const data = await summary(service);
      expect(data).not.toHaveProperty('onlineStaff');
      expect(data).toHaveProperty('unreadNotices');
    });
  });

  describe('orders per line and stage (index:stageCount)', () => {
    beforeAll(async () => {
      const db = t.prisma.db;
      const port = (shipType: string, kind: string) =>
        db.port.create({ data: { shipType, kind, code: `W${kind}${shipType}`.slice(0, 10), nameZh: 'x', nameEn: 'x', country: 'CN' } });
      const [start, end, airStart, airEnd] = await Promise.all([
        port('smallbag', 'start'),
        port('smallbag', 'end'),
        port('airtransport', 'start'),
        port('airtransport', 'end'),
      ]);
      const customer = (code: string, salesmanId: number) =>
        db.customer.create({ data: { code, companyName: code, contactName: 'x', salesmanId, reviewStatus: 'approved', createdBy: admin.userid } });
      const [own, other] = await Promise.all([customer('WB-OWN', salesman.userid), customer('WB-OTHER', admin.userid)]);
      let n = 0;
      const order = (customerId: number, salesmanId: number, shipType: string, stage: string, sideState: string | null = null) => {
        n += 1;
        const [origin, destination] = shipType === 'airtransport' ? [airStart, airEnd] : [start, end];
        return {
          orderNo: `WB${n}`,
          shipType,
          stage,
          sideState,
          customerId,
          salesmanId,
          originPortId: origin.id,
          destinationPortId: destination.id,
          goodsName: 'x',
          shippingMark: `WB${n}`,
          createdBy: admin.userid,
        };
      };
      await db.order.createMany({
        data: [
          order(own.id, salesman.userid, 'smallbag', 'warehouse'),
          order(own.id, salesman.userid, 'smallbag', 'warehouse'),
          order(own.id, salesman.userid, 'smallbag', 'sail', 'abnormal'),
          order(own.id, salesman.userid, 'smallbag', 'sail', 'delete'),
          order(own.id, salesman.userid, 'airtransport', 'created'),
          order(other.id, admin.userid, 'smallbag', 'warehouse'),
          order(other.id, admin.userid, 'airtransport', 'customs', 'detain'),
        ],
      });
    });

    it('counts the orders moving normally per stage and the held ones per side state, voided ones left out', async () => {
      expect((await summary(operator)).orderCounts).toEqual({ smallbag: { warehouse: 3, abnormal: 1 }, airtransport: { created: 1, detain: 1 } });
    });

    it('counts only their own customers’ orders for a salesman', async () => {
      expect((await summary(salesman)).orderCounts).toEqual({ smallbag: { warehouse: 2, abnormal: 1 }, airtransport: { created: 1 } });
    });

    it('counts the order issues waiting for the user: to handle, or answered and to confirm', async () => {
      const order = await t.prisma.db.order.findFirstOrThrow({ where: { orderNo: 'WB1' } });
      const issue = (status: string, createUserId: number, processedUserId: number) => ({
        orderId: order.id,
        status,
        detail: 'x',
        createUserId,
        processedUserId,
      });
      await t.prisma.db.orderIssue.createMany({
        data: [
          issue('wait', salesman.userid, operator.userid),
          issue('wait', salesman.userid, operator.userid),
          issue('handle', operator.userid, salesman.userid),
          issue('handle', salesman.userid, operator.userid),
          issue('completed', salesman.userid, operator.userid),
        ],
      });
      expect((await summary(operator)).openIssues).toBe(3);
      expect((await summary(salesman)).openIssues).toBe(1);
      expect((await summary(admin)).openIssues).toBe(0);
    });

    it('lists the latest orders of the user’s scope for 最近订单, newest first, voided ones left out', async () => {
      const recent = async (s: Session) =>
        (
          await t
            .http()
            .get('/api/v1/workbench/recent-orders')
            .set({ Authorization: `Bearer ${s.token}` })
            .expect(200)
        ).body.data as {
          orderNo: string;
          customerName: string;
          stage: string;
        }[];
      const everyone = await recent(operator);
      expect(everyone.map((order) => order.orderNo)).toEqual(['WB7', 'WB6', 'WB5', 'WB3', 'WB2']);
      expect(everyone[2]).toMatchObject({ customerName: 'WB-OWN', stage: 'created', shipType: 'airtransport', salesmanName: '张晓明' });
      const own = (await recent(salesman)).map((order) => order.orderNo);
      expect(own.slice(0, 4)).toEqual(['WB5', 'WB3', 'WB2', 'WB1']);
      expect(own).not.toContain('WB6');
    });

    it('is left out for a user without index:stageCount', async () => {
      expect(await summary(service)).not.toHaveProperty('orderCounts');
    });
  });

  it('leaves out every widget the user holds no code for', async () => {
    const bare = await t.prisma.db.role.create({ data: { code: 'bare', name: '无权限' } });
    const user = await t.prisma.db.user.findUniqueOrThrow({ where: { account: 'cs01' } });
    await t.prisma.db.userRole.deleteMany({ where: { userId: user.id } });
    await t.prisma.db.userRole.create({ data: { userId: user.id, roleId: bare.id } });
    t.app.get(GrantsService).invalidate(user.id);
    const data = await summary(service);
    expect(data).toEqual({ userId: user.id, account: 'cs01', fullName: '赵雨婷', roles: [{ code: 'bare', name: '无权限', nameEn: null }] });
  });
});
