import { NOTICE_CONTENT_MAX_LENGTH } from '@forwarder/domain';
import type { HubConnection } from '@microsoft/signalr';
import { auth, DEMO, fieldErrors, requestAs, type Session, useTestApp } from './app.js';
import { hubConnection } from './hub-client.js';

describe('internal notices (/api/v1/notice)', () => {
  const connections: HubConnection[] = [];
  // declared before the app, so that it runs before the app closes
  afterAll(() => Promise.all(connections.map((c) => c.stop())));
  const { t, admin, operator, finance } = useTestApp({ admin: DEMO.admin, operator: DEMO.operator, finance: DEMO.finance });
  let operatorRoleId: number;
  beforeAll(async () => {
    operatorRoleId = (await t.prisma.db.role.findUniqueOrThrow({ where: { code: 'operator' } })).id;
  });

  const add = (body: object) => requestAs(t, admin).put('/api/v1/notice/add').send(body);
  const addNotice = async (body: object = {}) =>
    (await add({ title: '系统维护通知', content: '<p>今晚 22:00 维护</p>', audience: 'all', ...body }).expect(200)).body.data as {
      id: number;
      ver: number;
      title: string;
    };
  const publish = (id: number) => requestAs(t, admin).post(`/api/v1/notice/publish/${id}`).send({});
  const unreadCount = async (s: Session) => (await requestAs(t, s).post('/api/v1/notice/my/unread/count').expect(200)).body.data as number;
  const myIds = async (s: Session) =>
    ((await requestAs(t, s).post('/api/v1/notice/my/list').send({}).expect(200)).body.data.items as { id: number }[]).map((n) => n.id);

  /** A hub client of the user that collects what ReceiveMessage brings. */
  async function listen(session: Session) {
    const connection = hubConnection(t.url, session.token);
    const received: unknown[] = [];
    const waiting: (() => void)[] = [];
    connection.on('ReceiveMessage', (payload) => {
      received.push(payload);
      waiting.splice(0).forEach((wake) => wake());
    });
    await connection.start();
    connections.push(connection);
    const next = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (received.length >= count ? resolve() : waiting.push(check));
        check();
      });
    return { received, next };
  }

  describe('writing', () => {
    it('adds a draft with its content sanitised', async () => {
      const res = await add({
        title: '  放假通知 ',
        content: '<p onclick="steal()">国庆放假<script>alert(1)</script> <a href="javascript:alert(1)">详情</a> <img src="/files/a.png" onerror="x()"></p>',
        audience: 'all',
      }).expect(200);
      expect(res.body.data).toMatchObject({ title: '放假通知', status: 'draft', audience: 'all', roleIds: [], userIds: [], ver: 1 });
      expect(res.body.data).toMatchObject({ createdBy: admin.userid, createdByName: '系统管理员' });
      expect(res.body.data.content).toBe('<p>国庆放假 <a target="_self">详情</a> <img src="/files/a.png" /></p>');
      const stored = await t.prisma.db.notice.findUniqueOrThrow({ where: { id: res.body.data.id } });
      expect(stored.content).not.toMatch(/script|onclick|onerror|javascript/);
    });

    it('refuses a notice without title, content or audience, with the messages of each', async () => {
      expect(fieldErrors(await add({}).expect(400))).toEqual({
        title: ['请输入通知标题'],
        content: ['请输入通知内容'],
        audience: ['请选择通知对象：全部、角色或员工'],
      });
      expect(fieldErrors(await add({ title: 'x'.repeat(201), content: '<p>x</p>', audience: 'all' }).expect(400))).toEqual({
        title: ['通知标题不能超过 200 个字符'],
      });
      expect(fieldErrors(await add({ title: 'x', content: '<script>alert(1)</script>', audience: 'all' }).expect(400))).toEqual({
        content: ['请输入通知内容'],
      });
    });

    it('bounds the content to NOTICE_CONTENT_MAX_LENGTH characters of HTML, saying the limit', async () => {
      const page = (length: number) => `<p>${'通'.repeat(length - 7)}</p>`;
      const over = await add({ title: 'x', content: page(NOTICE_CONTENT_MAX_LENGTH + 1), audience: 'all' }).expect(400);
      expect(fieldErrors(over)).toEqual({ content: [`通知内容不能超过 ${NOTICE_CONTENT_MAX_LENGTH} 个字符`] });
      const english = await add({ title: 'x', content: page(NOTICE_CONTENT_MAX_LENGTH + 1), audience: 'all' })
        .set('Accept-Language', 'en')
        .expect(400);
      expect(fieldErrors(english).content).toEqual([`The content must not exceed ${NOTICE_CONTENT_MAX_LENGTH} characters`]);
      const at = await add({ title: 'x', content: page(NOTICE_CONTENT_MAX_LENGTH), audience: 'all' }).expect(200);
      expect(at.body.data.content).toHaveLength(NOTICE_CONTENT_MAX_LENGTH);
      expect(NOTICE_CONTENT_MAX_LENGTH).toBeLessThanOrEqual(20_000);
    });

    it('needs the roles or staff of a targeted audience, and that they exist', async () => {
      expect(fieldErrors(await add({ title: 'x', content: 'x', audience: 'roles' }).expect(400))).toEqual({ roleIds: ['请选择接收通知的角色'] });
      expect(fieldErrors(await add({ title: 'x', content: 'x', audience: 'users', userIds: [] }).expect(400))).toEqual({ userIds: ['请选择接收通知的员工'] });
      expect(fieldErrors(await add({ title: 'x', content: 'x', audience: 'roles', roleIds: [operatorRoleId, 9999] }).expect(400))).toEqual({
        roleIds: ['角色不存在：9999'],
      });
      expect(fieldErrors(await add({ title: 'x', content: 'x', audience: 'users', userIds: [9999] }).expect(400))).toEqual({ userIds: ['员工不存在：9999'] });
    });

    it('edits a draft with its ver and refuses a stale ver', async () => {
      const notice = await addNotice();
      const res = await requestAs(t, admin)
        .post('/api/v1/notice/update')
        .send({ id: notice.id, ver: notice.ver, title: '维护时间调整', content: '<p>改到 23:00</p>', audience: 'roles', roleIds: [operatorRoleId] })
        .expect(200);
      expect(res.body.data).toMatchObject({
        title: '维护时间调整',
        content: '<p>改到 23:00</p>',
        audience: 'roles',
        roleIds: [operatorRoleId],
        ver: notice.ver + 1,
      });
      const stale = await requestAs(t, admin)
        .post('/api/v1/notice/update')
        .send({ id: notice.id, ver: notice.ver, title: 'x', content: 'x', audience: 'all' })
        .expect(409);
      expect(stale.body.message).toBe('数据已被他人修改，请刷新后重试');
      const invalid = await requestAs(t, admin).post('/api/v1/notice/update').send({ title: 'x', content: 'x', audience: 'all' }).expect(400);
      expect(fieldErrors(invalid)).toEqual({ id: ['编号无效'], ver: ['版本号无效，请刷新后重试'] });
    });

    it('edits and deletes only what is not published', async () => {
      const notice = await addNotice();
      await publish(notice.id).expect(200);
      const edit = await requestAs(t, admin)
        .post('/api/v1/notice/update')
        .send({ id: notice.id, ver: notice.ver + 1, title: 'x', content: 'x', audience: 'all' })
        .expect(400);
      expect(edit.body.message).toBe('已发布的通知不能修改，请先撤回');
      const remove = await requestAs(t, admin).delete(`/api/v1/notice/delete/${notice.id}`).expect(400);
      expect(remove.body.message).toBe('已发布的通知不能删除，请先撤回');

      const withdrawn = await requestAs(t, admin).post(`/api/v1/notice/withdraw/${notice.id}`).send({}).expect(200);
      expect(withdrawn.body).toMatchObject({ message: '撤回成功', data: { status: 'withdrawn', withdrawnAt: expect.any(String) } });
      await requestAs(t, admin)
        .post('/api/v1/notice/update')
        .send({ id: notice.id, ver: withdrawn.body.data.ver, title: '更正', content: '<p>更正</p>', audience: 'all' })
        .expect(200);
      await requestAs(t, admin).delete(`/api/v1/notice/delete/${notice.id}`).expect(200);
      expect(await t.prisma.db.notice.count({ where: { id: notice.id } })).toBe(0);
      await requestAs(t, admin).delete(`/api/v1/notice/delete/${notice.id}`).expect(404);
    });
  });

  describe('publishing', () => {
    it('publishes a draft and pushes it to the online users of the audience only', async () => {
      const insider = await listen(operator);
      const outsider = await listen(finance);
      const notice = await addNotice({ title: '操作部周会', audience: 'roles', roleIds: [operatorRoleId] });

      const res = await publish(notice.id).expect(200);
      expect(res.body.message).toBe('发布成功');
      expect(res.body.data).toMatchObject({ status: 'published', publishedAt: expect.any(String), ver: notice.ver + 1 });
      await insider.next(1);
      expect(insider.received).toEqual([{ type: 'notice', id: notice.id, title: '操作部周会' }]);

      // Messages to one connection arrive in order: a notice meant for the outsider, published after,
      // arriving first proves the role notice never reached them.
      const forFinance = await addNotice({ title: '财务对账', audience: 'users', userIds: [finance.userid] });
      await publish(forFinance.id).expect(200);
      await outsider.next(1);
      expect(outsider.received).toEqual([{ type: 'notice', id: forFinance.id, title: '财务对账' }]);

      const everyone = await addNotice({ title: '全员通知' });
      await publish(everyone.id).expect(200);
      await Promise.all([insider.next(2), outsider.next(2)]);
      expect(insider.received[1]).toEqual({ type: 'notice', id: everyone.id, title: '全员通知' });
      expect(outsider.received[1]).toEqual({ type: 'notice', id: everyone.id, title: '全员通知' });
      expect(insider.received).toHaveLength(2);
    });

    it('refuses to publish twice, on a stale ver, or to withdraw what is not published', async () => {
      const notice = await addNotice();
      const stale = await requestAs(t, admin)
        .post(`/api/v1/notice/publish/${notice.id}`)
        .send({ ver: notice.ver + 5 })
        .expect(409);
      expect(stale.body.message).toBe('数据已被他人修改，请刷新后重试');
      const notPublished = await requestAs(t, admin).post(`/api/v1/notice/withdraw/${notice.id}`).send({}).expect(400);
      expect(notPublished.body.message).toBe('只能撤回已发布的通知');
      await requestAs(t, admin).post(`/api/v1/notice/publish/${notice.id}`).send({ ver: notice.ver }).expect(200);
      const twice = await publish(notice.id).expect(400);
      expect(twice.body.message).toBe('通知已发布');
      const withdrawStale = await requestAs(t, admin).post(`/api/v1/notice/withdraw/${notice.id}`).send({ ver: notice.ver }).expect(409);
      expect(withdrawStale.body.message).toBe('数据已被他人修改，请刷新后重试');
      const badVer = await requestAs(t, admin).post(`/api/v1/notice/withdraw/${notice.id}`).send({ ver: 'x' }).expect(400);
      expect(fieldErrors(badVer)).toEqual({ ver: ['版本号无效，请刷新后重试'] });
      await requestAs(t, admin).post('/api/v1/notice/publish/99999').send({}).expect(404);
    });
  });

  describe('the administrators’ list', () => {
    it('pages notices newest first and filters by title, status and publication time', async () => {
      const all = await requestAs(t, admin).post('/api/v1/notice/list').send({ pageSize: 2 }).expect(200);
      const total = await t.prisma.db.notice.count();
      expect(all.body.data).toMatchObject({ pageIndex: 1, pageSize: 2, totalCount: total, totalPage: Math.ceil(total / 2) });
      const ids = all.body.data.items.map((n: { id: number }) => n.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(all.body.data.items[0]).not.toHaveProperty('content');

      const byTitle = await requestAs(t, admin).post('/api/v1/notice/list').send({ title: '财务' }).expect(200);
      expect(byTitle.body.data.items.map((n: { title: string }) => n.title)).toEqual(['财务对账']);
      const drafts = await requestAs(t, admin).post('/api/v1/notice/list').send({ status: 'draft' }).expect(200);
      expect(drafts.body.data.items.every((n: { status: string }) => n.status === 'draft')).toBe(true);
      expect(drafts.body.data.totalCount).toBe(await t.prisma.db.notice.count({ where: { status: 'draft' } }));

      const future = new Date(Date.now() + 3600_000).toISOString();
      const later = await requestAs(t, admin).post('/api/v1/notice/list').send({ publishedFrom: future }).expect(200);
      expect(later.body.data.totalCount).toBe(0);
      const recent = await requestAs(t, admin)
        .post('/api/v1/notice/list')
        .send({ publishedFrom: new Date(Date.now() - 3600_000).toISOString(), publishedTo: future })
        .expect(200);
      expect(recent.body.data.totalCount).toBe(await t.prisma.db.notice.count({ where: { publishedAt: { not: null } } }));
    });

    it('refuses bad filters with their messages', async () => {
      const res = await requestAs(t, admin).post('/api/v1/notice/list').send({ status: 'gone', publishedFrom: 'yesterday' }).expect(400);
      expect(fieldErrors(res)).toEqual({ status: ['状态必须是草稿、已发布或已撤回'], publishedFrom: ['日期格式错误'] });
    });

    it('shows one notice with its content', async () => {
      const notice = await addNotice({ title: '详情' });
      const res = await requestAs(t, admin).get(`/api/v1/notice/detail/${notice.id}`).expect(200);
      expect(res.body.data).toMatchObject({ id: notice.id, title: '详情', content: '<p>今晚 22:00 维护</p>', status: 'draft', readCount: 0 });
      await requestAs(t, admin).get('/api/v1/notice/detail/99999').expect(404);
    });

    it('refuses every administration call to a user without the permission', async () => {
      const notice = await addNotice();
      const calls = [
        t.http().post('/api/v1/notice/list').send({}),
        t.http().get(`/api/v1/notice/detail/${notice.id}`),
        t.http().put('/api/v1/notice/add').send({ title: 'x', content: 'x', audience: 'all' }),
        t.http().post('/api/v1/notice/update').send({ id: notice.id, ver: notice.ver, title: 'x', content: 'x', audience: 'all' }),
        t.http().delete(`/api/v1/notice/delete/${notice.id}`),
        t.http().post(`/api/v1/notice/publish/${notice.id}`).send({}),
        t.http().post(`/api/v1/notice/withdraw/${notice.id}`).send({}),
      ];
      for (const call of calls) {
        const res = await call.set(auth(operator)).expect(403);
        expect(res.body.message).toBe('没有权限执行此操作');
      }
      expect(await t.prisma.db.notice.findUniqueOrThrow({ where: { id: notice.id } })).toMatchObject({ status: 'draft', ver: notice.ver });
    });
  });

  describe('my notices', () => {
    it('lists the published notices addressed to me, newest first, with a read flag', async () => {
      const mine = await myIds(operator);
      const expected = await t.prisma.db.notice.findMany({
        where: { status: 'published', OR: [{ audience: 'all' }, { audienceRoleIds: { has: operatorRoleId } }, { audienceUserIds: { has: operator.userid } }] },
        orderBy: { publishedAt: 'desc' },
      });
      expect(mine).toEqual(expected.map((n) => n.id));
      const res = await requestAs(t, operator).post('/api/v1/notice/my/list').send({}).expect(200);
      const titles = res.body.data.items as { title: string; read: boolean }[];
      expect(titles.map((n) => n.title)).toContain('操作部周会');
      expect(titles.map((n) => n.title)).not.toContain('财务对账');
      expect(titles.every((n) => n.read === false)).toBe(true);
    });

    it('opens a notice, marking it read, and the badge count falls', async () => {
      const before = await unreadCount(operator);
      expect(before).toBe((await myIds(operator)).length);
      const [newest] = await myIds(operator);
      const res = await requestAs(t, operator).get(`/api/v1/notice/my/detail/${newest}`).expect(200);
      expect(res.body.data).toMatchObject({
        id: newest,
        read: true,
        readAt: expect.any(String),
        createdByName: '系统管理员',
        content: expect.stringContaining('<p>'),
      });
      expect(await unreadCount(operator)).toBe(before - 1);
      await requestAs(t, operator).get(`/api/v1/notice/my/detail/${newest}`).expect(200);
      expect(await unreadCount(operator)).toBe(before - 1);

      const unread = await requestAs(t, operator).post('/api/v1/notice/my/list').send({ read: false }).expect(200);
      expect(unread.body.data.items.map((n: { id: number }) => n.id)).not.toContain(newest);
      const read = await requestAs(t, operator).post('/api/v1/notice/my/list').send({ read: true }).expect(200);
      expect(read.body.data.items).toEqual([expect.objectContaining({ id: newest, read: true })]);
    });

    it('marks a notice read without opening it', async () => {
      const before = await unreadCount(operator);
      const unread = (await requestAs(t, operator).post('/api/v1/notice/my/list').send({ read: false }).expect(200)).body.data.items[0];
      await requestAs(t, operator).post(`/api/v1/notice/my/read/${unread.id}`).expect(200);
      expect(await unreadCount(operator)).toBe(before - 1);
      const bad = await requestAs(t, operator).post('/api/v1/notice/my/list').send({ read: 'maybe' }).expect(400);
      expect(fieldErrors(bad)).toEqual({ read: ['请选择已读或未读'] });
    });

    it('does not show a reader notices addressed to others, drafts, or withdrawn ones', async () => {
      const forFinance = await t.prisma.db.notice.findFirstOrThrow({ where: { title: '财务对账' } });
      await requestAs(t, operator).get(`/api/v1/notice/my/detail/${forFinance.id}`).expect(404);
      await requestAs(t, operator).post(`/api/v1/notice/my/read/${forFinance.id}`).expect(404);
      const draft = await addNotice({ title: '草稿' });
      await requestAs(t, operator).get(`/api/v1/notice/my/detail/${draft.id}`).expect(404);

      const weekly = await t.prisma.db.notice.findFirstOrThrow({ where: { title: '操作部周会' } });
      const before = await unreadCount(operator);
      await requestAs(t, admin).post(`/api/v1/notice/withdraw/${weekly.id}`).send({}).expect(200);
      expect(await myIds(operator)).not.toContain(weekly.id);
      expect(await unreadCount(operator)).toBe(before - 1);
    });

    it('needs a signed-in user', async () => {
      await t.http().post('/api/v1/notice/my/unread/count').expect(401);
      await t.http().post('/api/v1/notice/my/list').send({}).expect(401);
    });
  });
});
