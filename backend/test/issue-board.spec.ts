import { fieldErrors, FORBIDDEN, loginChangingPassword, requestAs, type Session, STALE, useTestApp } from './app.js';
import { ORDER_STAFF } from './order-fixtures.js';
import { createBoardOrders, type BoardOrder } from './issue-board.fixture.js';
import { pdf, PNG } from './sample-files.js';

process.env.CUSTOMER_POOL_SCHEDULED = 'false';

type Reply = {
  id: number;
  orderBbsId: number;
  detail: string;
  files: { id: number; fileName: string; filePath: string; url: string }[];
  ver: number;
  createUserId: number;
  createUserName: string;
  createTime: string;
  modifyTime: string;
};
type Issue = Omit<Reply, 'orderBbsId'> & { orderId: number; status: string; processedUserId: number; processedUserName: string; reply: Reply[] };

describe('order issue board (/api/v1/order/bbs)', () => {
  const { t, admin, sales, op, cs, fin } = useTestApp(ORDER_STAFF);
  /** An order of the salesman's customer (sales01 sees it) and one of the administrator's (sales01 does not). */
  let ownOrder: BoardOrder;
  let foreignOrder: BoardOrder;
  let airOrder: BoardOrder;

  const bbs = (path: string) => `/api/v1/order/bbs/${path}`;
  const put = (by: Session, path: string, body: object) => requestAs(t, by).put(bbs(path)).send(body);
  const post = (by: Session, path: string, body: object = {}) => requestAs(t, by).post(bbs(path)).send(body);
  const get = (by: Session, path: string) => requestAs(t, by).get(bbs(path));
  const del = (by: Session, path: string) => requestAs(t, by).delete(bbs(path));

  const addIssue = async (by: Session, orderId: number, body: Record<string, unknown> = {}): Promise<Issue> =>
    (await put(by, `add/${orderId}`, { processedUserId: sales.userid, detail: '请确认柜号', ...body }).expect(200)).body.data;
  const addReply = async (by: Session, issueId: number, detail = '已确认'): Promise<Reply> =>
    (await put(by, `reply/add/${issueId}`, { detail }).expect(200)).body.data;
  const detail = async (id: number, by: Session = admin): Promise<Issue> => (await get(by, `detail/${id}`).expect(200)).body.data;
  const list = async (orderId: number, status: string, by: Session = admin): Promise<Issue[]> =>
    (await post(by, `list/${orderId}`, { status }).expect(200)).body.data;
  const count = async (by: Session, body: object = {}): Promise<number> => (await post(by, 'notice/count', body).expect(200)).body.data;
  const upload = async (by: Session, name = 'photo.png', content: Buffer = PNG, use = 'image') =>
    (await requestAs(t, by).post(`/api/v1/file/update?use=${use}`).attach('file', content, { filename: name, contentType: 'image/png' }).expect(200)).body
      .data as { id: number; fileName: string; filePath: string; url: string };

  beforeAll(async () => {
    ({ own: ownOrder, air: airOrder, foreign: foreignOrder } = await createBoardOrders(t, admin, sales));
  }, 120_000);

  describe('posting an issue', () => {
    it('creates it waiting for the handler, with the names and no replies', async () => {
      const issue = await addIssue(op, ownOrder.id, { processedUserId: sales.userid, detail: '柜号是多少？' });
      expect(issue).toMatchObject({
        orderId: ownOrder.id,
        status: 'wait',
        detail: '柜号是多少？',
        files: [],
        processedUserId: sales.userid,
        processedUserName: '张晓明',
        createUserId: op.userid,
        createUserName: '李文静',
        ver: 1,
        reply: [],
      });
      expect(Object.keys(issue).sort()).toEqual(
        [
          'createTime',
          'createUserId',
          'createUserName',
          'detail',
          'files',
          'id',
          'modifyTime',
          'orderId',
          'processedUserId',
          'processedUserName',
          'reply',
          'status',
          'ver',
        ].sort(),
      );
    });

    it('stores line breaks as <br/> and escapes everything else: a script sent comes back as text', async () => {
      const issue = await addIssue(op, ownOrder.id, { detail: '第一行<br/>第二行<br>第三行\n<script>alert("x")</script> & \'y\'' });
      expect(issue.detail).toBe('第一行<br/>第二行<br/>第三行<br/>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;');
      expect((await detail(issue.id)).detail).toBe(issue.detail);
    });

    it('requires the handler and the text, at most 1000 characters as typed', async () => {
      let res = await put(op, `add/${ownOrder.id}`, { detail: 'x' }).expect(400);
      expect(fieldErrors(res)).toEqual({ processedUserId: ['请选择处理人'] });
      res = await put(op, `add/${ownOrder.id}`, { processedUserId: sales.userid }).expect(400);
      expect(fieldErrors(res)).toEqual({ detail: ['请输入问题内容'] });
      res = await put(op, `add/${ownOrder.id}`, { processedUserId: sales.userid, detail: ' <br/>\n ' }).expect(400);
      expect(fieldErrors(res)).toEqual({ detail: ['请输入问题内容'] });
      res = await put(op, `add/${ownOrder.id}`, { processedUserId: sales.userid, detail: 'a'.repeat(1001) }).expect(400);
      expect(fieldErrors(res)).toEqual({ detail: ['内容不能超过 1000 个字符'] });
      // 1000 as typed: each <br/> is one line break
      const issue = await addIssue(op, ownOrder.id, { detail: `${'a'.repeat(500)}<br/>${'b'.repeat(499)}` });
      expect(issue.detail).toBe(`${'a'.repeat(500)}<br/>${'b'.repeat(499)}`);
    });

    it('refuses a handler who is disabled, deleted or unknown', async () => {
      const disabled = await t.prisma.db.user.create({
        data: {
          account: 'bbs_off',
          passwordHash: 'x',
          fullName: '停用员工',
          jobNo: 'BBS01',
          orgId: (await t.prisma.db.org.findFirstOrThrow()).id,
          enabled: false,
        },
      });
      for (const processedUserId of [disabled.id, 999999]) {
        const res = await put(op, `add/${ownOrder.id}`, { processedUserId, detail: 'x' }).expect(400);
        expect(fieldErrors(res)).toEqual({ processedUserId: ['处理人不存在或已停用'] });
      }
    });

    it("answers 404 for another salesman's order and for an unknown one", async () => {
      await put(sales, `add/${foreignOrder.id}`, { processedUserId: op.userid, detail: 'x' }).expect(404);
      await put(op, 'add/999999', { processedUserId: op.userid, detail: 'x' }).expect(404);
      await post(sales, `list/${foreignOrder.id}`, { status: 'wait' }).expect(404);
    });

    it('needs order:bbs', async () => {
      const orgId = (await t.prisma.db.org.findFirstOrThrow()).id;
      await requestAs(t, admin)
        .put('/api/v1/user/add')
        .send({ account: 'nobbs01', password: 'demo123', jobNo: 'NB001', fullName: '无权限', orgId, roleIds: [] })
        .expect(200);
      const none = await loginChangingPassword(t, 'nobbs01', 'demo123');
      const res = await put(none, `add/${ownOrder.id}`, { processedUserId: op.userid, detail: 'x' }).expect(403);
      expect(res.body.message).toBe(FORBIDDEN);
      await post(none, `list/${ownOrder.id}`, { status: 'wait' }).expect(403);
      await post(none, 'notice/count').expect(403);
    });
  });

  describe('photos', () => {
    it('attaches up to two uploaded images, answered as { id, fileName, filePath, url }', async () => {
      const [a, b] = [await upload(op, '货物1.png'), await upload(op, '货物2.png')];
      const issue = await addIssue(op, ownOrder.id, { photoIds: [a.id, b.id] });
      expect(issue.files).toEqual([
        { id: a.id, fileName: '货物1.png', filePath: a.filePath, url: expect.stringContaining(`/files/${a.filePath}?expires=`) },
        { id: b.id, fileName: '货物2.png', filePath: b.filePath, url: expect.stringContaining(`/files/${b.filePath}?expires=`) },
      ]);
      const reply = (await put(sales, `reply/add/${issue.id}`, { detail: '见图', photoIds: [String((await upload(sales)).id)] }).expect(200)).body
        .data as Reply;
      expect(reply.files).toHaveLength(1);
    });

    it('refuses a third image', async () => {
      const ids = [(await upload(op)).id, (await upload(op)).id, (await upload(op)).id];
      const res = await put(op, `add/${ownOrder.id}`, { processedUserId: sales.userid, detail: 'x', photoIds: ids }).expect(400);
      expect(fieldErrors(res)).toEqual({ photoIds: ['最多只能添加 2 张图片'] });
    });

    it('refuses unknown files, files another user uploaded, files that are not images and images above 10 MB', async () => {
      const others = await upload(sales);
      let res = await put(op, `add/${ownOrder.id}`, { processedUserId: sales.userid, detail: 'x', photoIds: [999999, others.id] }).expect(400);
      expect(fieldErrors(res)).toEqual({ photoIds: [`文件不存在、不是您上传的或已用于其他记录：999999, ${others.id}`] });
      const doc = await upload(op, 'packing.pdf', pdf(), 'document');
      res = await put(op, `add/${ownOrder.id}`, { processedUserId: sales.userid, detail: 'x', photoIds: [doc.id] }).expect(400);
      expect(fieldErrors(res)).toEqual({ photoIds: [`此处只能使用 PNG, JPEG, GIF, WebP 文件：${doc.id}`] });
      // uploaded while the upload limit was higher
      const big = await t.prisma.db.storedFile.create({
        data: { fileName: 'big.jpg', filePath: 'big/big.jpg', mimeType: 'image/jpeg', size: 10 * 1024 * 1024 + 1, uploaderId: op.userid },
      });
      res = await put(op, `add/${ownOrder.id}`, { processedUserId: sales.userid, detail: 'x', photoIds: [big.id] }).expect(400);
      expect(fieldErrors(res)).toEqual({ photoIds: [`此处的文件不能超过 10 MB：${big.id}`] });
      res = await put(op, `add/${ownOrder.id}`, { processedUserId: sales.userid, detail: 'x', photoIds: 'abc' }).expect(400);
      expect(fieldErrors(res)).toEqual({ photoIds: ['图片编号无效'] });
    });
  });

  describe('editing and removing an issue', () => {
    it('lets its author edit it while it waits: text, handler and photos; ver is checked', async () => {
      const photo = await upload(op);
      const issue = await addIssue(op, ownOrder.id, { photoIds: [photo.id] });
      const body = { id: issue.id, orderId: ownOrder.id, processedUserId: admin.userid, detail: '改为管理员处理', ver: issue.ver };
      const updated = (await post(op, 'update', body).expect(200)).body.data as Issue;
      expect(updated).toMatchObject({ detail: '改为管理员处理', processedUserId: admin.userid, processedUserName: '系统管理员', ver: 2, status: 'wait' });
      expect(updated.files.map((f) => f.id)).toEqual([photo.id]);
      const stale = await post(op, 'update', body).expect(409);
      expect(stale.body.message).toBe(STALE);
      const cleared = (await post(op, 'update', { ...body, ver: 2, photoIds: [] }).expect(200)).body.data as Issue;
      expect(cleared.files).toEqual([]);
      const mismatch = await post(op, 'update', { ...body, ver: 3, orderId: airOrder.id }).expect(400);
      expect(fieldErrors(mismatch)).toEqual({ orderId: ['问题不属于该订单'] });
    });

    it('refuses edits and removal by anyone but the author, even a super administrator', async () => {
      const issue = await addIssue(op, ownOrder.id);
      const body = { id: issue.id, orderId: ownOrder.id, processedUserId: sales.userid, detail: 'x', ver: issue.ver };
      for (const other of [sales, admin]) {
        expect((await post(other, 'update', body).expect(403)).body.message).toBe('只有问题的发布人可以编辑或移除问题');
        await del(other, `delete/${issue.id}`).expect(403);
      }
    });

    it('refuses edits and removal once the issue is answered', async () => {
      const issue = await addIssue(op, ownOrder.id);
      await addReply(sales, issue.id);
      const res = await post(op, 'update', {
        id: issue.id,
        orderId: ownOrder.id,
        processedUserId: sales.userid,
        detail: 'x',
        ver: (await detail(issue.id)).ver,
      }).expect(400);
      expect(res.body.message).toBe('只有沟通中的问题可以编辑或移除');
      expect((await del(op, `delete/${issue.id}`).expect(400)).body.message).toBe('只有沟通中的问题可以编辑或移除');
    });

    it('removes the issue with its replies', async () => {
      const issue = await addIssue(op, ownOrder.id);
      // A waiting issue has no replies through the API (the first one moves it on): put one in directly.
      await t.prisma.db.orderIssueReply.create({ data: { issueId: issue.id, detail: '旧回复', createUserId: sales.userid } });
      const res = await del(op, `delete/${issue.id}`).expect(200);
      expect(res.body.message).toBe('问题已移除');
      await get(op, `detail/${issue.id}`).expect(404);
      expect(await t.prisma.db.orderIssueReply.count({ where: { issueId: issue.id } })).toBe(0);
      await del(op, `delete/${issue.id}`).expect(404);
    });
  });

  describe('replies and the issue states', () => {
    it('moves a waiting issue to handle with its first reply; later replies keep it there, oldest first', async () => {
      const issue = await addIssue(op, ownOrder.id);
      const first = await addReply(sales, issue.id, '第一条<br/>回复');
      expect(first).toMatchObject({ orderBbsId: issue.id, detail: '第一条<br/>回复', files: [], ver: 1, createUserId: sales.userid, createUserName: '张晓明' });
      expect(Object.keys(first).sort()).toEqual(
        ['createTime', 'createUserId', 'createUserName', 'detail', 'files', 'id', 'modifyTime', 'orderBbsId', 'ver'].sort(),
      );
      expect((await detail(issue.id)).status).toBe('handle');
      await addReply(op, issue.id, '第二条');
      const now = await detail(issue.id);
      expect(now.status).toBe('handle');
      expect(now.reply.map((r) => r.detail)).toEqual(['第一条<br/>回复', '第二条']);
      expect((await list(ownOrder.id, 'handle')).find((i) => i.id === issue.id)?.reply).toHaveLength(2);
      expect((await list(ownOrder.id, 'wait')).some((i) => i.id === issue.id)).toBe(false);
    });

    it('requires the reply text and escapes it', async () => {
      const issue = await addIssue(op, ownOrder.id);
      expect(fieldErrors(await put(sales, `reply/add/${issue.id}`, {}).expect(400))).toEqual({ detail: ['请输入回复内容'] });
      expect(fieldErrors(await put(sales, `reply/add/${issue.id}`, { detail: 'x'.repeat(1001) }).expect(400))).toEqual({
        detail: ['内容不能超过 1000 个字符'],
      });
      expect((await addReply(sales, issue.id, '<b>好</b>')).detail).toBe('&lt;b&gt;好&lt;/b&gt;');
      await put(sales, 'reply/add/999999', { detail: 'x' }).expect(404);
    });

    it("lets only a reply's author edit or remove it, with ver checked", async () => {
      const issue = await addIssue(op, ownOrder.id);
      const reply = await addReply(sales, issue.id);
      expect((await get(op, `reply/detail/${reply.id}`).expect(200)).body.data).toMatchObject({ id: reply.id, detail: '已确认', ver: 1 });
      expect((await post(op, 'reply/update', { id: reply.id, detail: '改', ver: 1 }).expect(403)).body.message).toBe('只有回复人可以编辑或移除回复');
      await del(op, `reply/delete/${reply.id}`).expect(403);
      const updated = (await post(sales, 'reply/update', { id: reply.id, detail: '改过了', ver: 1 }).expect(200)).body.data as Reply;
      expect(updated).toMatchObject({ detail: '改过了', ver: 2 });
      expect((await post(sales, 'reply/update', { id: reply.id, detail: '再改', ver: 1 }).expect(409)).body.message).toBe(STALE);
      expect((await del(sales, `reply/delete/${reply.id}`).expect(200)).body.message).toBe('回复已移除');
      await get(sales, `reply/detail/${reply.id}`).expect(404);
      expect((await detail(issue.id)).status).toBe('handle');
    });

    it('closes an answered issue by its author: handle → completed', async () => {
      const issue = await addIssue(op, ownOrder.id);
      expect((await post(op, `close/${issue.id}`).expect(400)).body.message).toBe('只有处理中的问题可以关闭');
      await addReply(sales, issue.id);
      expect((await post(sales, `close/${issue.id}`).expect(403)).body.message).toBe('只有问题的发布人可以关闭问题');
      const ver = (await detail(issue.id)).ver;
      expect((await post(op, `close/${issue.id}`, { ver: ver - 1 }).expect(409)).body.message).toBe(STALE);
      const res = await post(op, `close/${issue.id}`, { ver }).expect(200);
      expect(res.body.message).toBe('问题已关闭');
      expect(res.body.data).toMatchObject({ id: issue.id, status: 'completed', ver: ver + 1 });
      expect((await list(ownOrder.id, 'completed')).map((i) => i.id)).toContain(issue.id);
    });

    it('lets a super administrator close any answered issue', async () => {
      const issue = await addIssue(op, ownOrder.id);
      await addReply(sales, issue.id);
      expect((await post(admin, `close/${issue.id}`, { ver: null }).expect(200)).body.data.status).toBe('completed');
    });

    it('changes nothing on a completed issue: no reply, no edit or removal of it or its replies, no second close', async () => {
      const issue = await addIssue(op, ownOrder.id);
      const reply = await addReply(sales, issue.id);
      await post(op, `close/${issue.id}`).expect(200);
      const closed = '问题已关闭，不能再修改或回复';
      expect((await put(sales, `reply/add/${issue.id}`, { detail: 'x' }).expect(400)).body.message).toBe(closed);
      expect((await post(sales, 'reply/update', { id: reply.id, detail: 'x', ver: reply.ver }).expect(400)).body.message).toBe(closed);
      expect((await del(sales, `reply/delete/${reply.id}`).expect(400)).body.message).toBe(closed);
      const ver = (await detail(issue.id)).ver;
      expect((await post(op, 'update', { id: issue.id, orderId: ownOrder.id, processedUserId: sales.userid, detail: 'x', ver }).expect(400)).body.message).toBe(
        closed,
      );
      expect((await del(op, `delete/${issue.id}`).expect(400)).body.message).toBe(closed);
      expect((await post(op, `close/${issue.id}`).expect(400)).body.message).toBe(closed);
    });
  });

  describe('who sees a board', () => {
    it("answers 404 to a salesman for another's order, and lets the handler of one of its issues in", async () => {
      const issue = await addIssue(op, foreignOrder.id, { processedUserId: op.userid });
      await get(sales, `detail/${issue.id}`).expect(404);
      await put(sales, `reply/add/${issue.id}`, { detail: 'x' }).expect(404);
      await post(sales, `close/${issue.id}`).expect(404);
      await del(sales, `delete/${issue.id}`).expect(404);
      const reply = await addReply(op, issue.id);
      await get(sales, `reply/detail/${reply.id}`).expect(404);
      await post(sales, 'reply/update', { id: reply.id, detail: 'x', ver: 1 }).expect(404);
      await del(sales, `reply/delete/${reply.id}`).expect(404);
      await post(sales, 'update', { id: issue.id, orderId: foreignOrder.id, processedUserId: op.userid, detail: 'x', ver: 1 }).expect(404);

      const asked = await addIssue(op, foreignOrder.id, { processedUserId: sales.userid, detail: '请销售确认' });
      expect((await list(foreignOrder.id, 'wait', sales)).map((i) => i.id)).toEqual([asked.id]);
      await addReply(sales, asked.id, '已确认');
      expect((await detail(asked.id, sales)).status).toBe('handle');
      // only that issue: the others of the order stay hidden, and no new issue is posted on the order
      await get(sales, `detail/${issue.id}`).expect(404);
      await put(sales, `add/${foreignOrder.id}`, { processedUserId: op.userid, detail: 'x' }).expect(404);
    });

    it('answers 400 for an unknown status and bad ids', async () => {
      expect(fieldErrors(await post(op, `list/${ownOrder.id}`, { status: 'open' }).expect(400))).toEqual({ status: ['问题状态无效'] });
      expect(fieldErrors(await get(op, 'detail/abc').expect(400))).toEqual({ id: ['编号无效'] });
    });

    it('shows the user card to anyone holding order:bbs, without secrets', async () => {
      const res = await requestAs(t, sales).get(`/api/v1/user/detail/${op.userid}`).expect(200);
      expect(res.body.data).toMatchObject({ id: op.userid, fullName: '李文静', jobNo: 'O0001' });
      expect(JSON.stringify(res.body.data)).not.toMatch(/password/i);
    });
  });

  describe('batch dialog (orders/list)', () => {
    it('pages the issues of several orders in one status, with the order number and line', async () => {
      const a = await addIssue(op, ownOrder.id, { detail: '批量一' });
      const b = await addIssue(op, airOrder.id, { detail: '批量二' });
      const page = (await post(op, 'orders/list', { orderIds: [ownOrder.id, airOrder.id], status: 'wait', pageIndex: 1, pageSize: 1 }).expect(200)).body.data;
      const total = await t.prisma.db.orderIssue.count({ where: { orderId: { in: [ownOrder.id, airOrder.id] }, status: 'wait' } });
      expect(page).toMatchObject({ pageIndex: 1, pageSize: 1, totalCount: total, totalPage: total });
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({
        id: b.id,
        orderNo: airOrder.orderNo,
        shipType: { value: 'airtransport', text: '空运', textEn: 'Air transport' },
        reply: [],
      });
      const all = (await post(op, 'orders/list', { orderIds: [ownOrder.id, airOrder.id], status: 'wait', pageSize: 200 }).expect(200)).body.data
        .items as (Issue & { orderNo: string; shipType: { text: string } })[];
      expect(all.find((i) => i.id === a.id)).toMatchObject({ orderNo: ownOrder.orderNo, shipType: { value: 'dedicatedline', text: '专线' } });
      expect(page.items.map((i: Issue) => i.status)).toEqual(['wait']);
    });

    it("leaves out another's orders the caller takes no part in", async () => {
      const hidden = await addIssue(op, foreignOrder.id, { processedUserId: op.userid, detail: '与销售无关' });
      const items = (await post(sales, 'orders/list', { orderIds: [foreignOrder.id, ownOrder.id], status: 'wait', pageSize: 200 }).expect(200)).body.data
        .items as Issue[];
      expect(items.length).toBeGreaterThan(0);
      expect(items.some((i) => i.id === hidden.id)).toBe(false);
    });

    it('takes 1 to 200 order ids', async () => {
      expect(fieldErrors(await post(op, 'orders/list', { orderIds: [], status: 'wait' }).expect(400))).toEqual({ orderIds: ['请选择 1 到 200 个订单'] });
      const many = Array.from({ length: 201 }, (_, i) => i + 1);
      expect(fieldErrors(await post(op, 'orders/list', { orderIds: many, status: 'wait' }).expect(400))).toEqual({ orderIds: ['请选择 1 到 200 个订单'] });
      expect(fieldErrors(await post(op, 'orders/list', { orderIds: [1], status: 'x' }).expect(400))).toEqual({ status: ['问题状态无效'] });
    });
  });

  // cs01 and fin01 take part in no other test of this file: their counts start at 0.
  describe('notifications (notice/list, notice/count)', () => {
    it('counts for the handler while an issue waits, for the author while it is handled, for nobody once closed', async () => {
      expect([await count(cs), await count(fin)]).toEqual([0, 0]);
      const issue = await addIssue(cs, ownOrder.id, { processedUserId: fin.userid });
      expect([await count(cs), await count(fin)]).toEqual([0, 1]);
      await addReply(fin, issue.id);
      expect([await count(cs), await count(fin)]).toEqual([1, 0]);
      await addReply(fin, issue.id, '补充');
      expect([await count(cs), await count(fin)]).toEqual([1, 0]);
      await post(cs, `close/${issue.id}`).expect(200);
      expect([await count(cs), await count(fin)]).toEqual([0, 0]);
    });

    it('moves the waiting count to the new handler when the author changes it', async () => {
      const issue = await addIssue(cs, airOrder.id, { processedUserId: fin.userid });
      expect(await count(fin)).toBe(1);
      await post(cs, 'update', { id: issue.id, orderId: airOrder.id, processedUserId: cs.userid, detail: '我自己处理', ver: issue.ver }).expect(200);
      expect([await count(cs), await count(fin)]).toEqual([1, 0]);
      await del(cs, `delete/${issue.id}`).expect(200);
      expect(await count(cs)).toBe(0);
    });

    it('lists the orders with issues for the caller, newest activity first, by line, five a page by default', async () => {
      const own1 = await addIssue(cs, ownOrder.id, { processedUserId: fin.userid });
      await addIssue(cs, ownOrder.id, { processedUserId: fin.userid });
      const air = await addIssue(cs, airOrder.id, { processedUserId: fin.userid });
      await addReply(fin, air.id);
      const handler = (await post(fin, 'notice/list', {}).expect(200)).body.data;
      expect(handler).toEqual({
        items: [
          {
            orderId: ownOrder.id,
            orderNo: ownOrder.orderNo,
            shipItem: { value: 'dedicatedline', text: '专线', textEn: 'Dedicated line' },
            waitNum: 2,
            handleNum: 0,
          },
        ],
        pageIndex: 1,
        pageSize: 5,
        totalCount: 1,
        totalPage: 1,
      });
      const author = (await post(cs, 'notice/list', {}).expect(200)).body.data;
      expect(author.items).toEqual([
        {
          orderId: airOrder.id,
          orderNo: airOrder.orderNo,
          shipItem: { value: 'airtransport', text: '空运', textEn: 'Air transport' },
          waitNum: 0,
          handleNum: 1,
        },
      ]);
      expect(await count(fin)).toBe(2);
      expect(await count(cs)).toBe(1);

      // the handler answers on the dedicated-line order: its activity is now the newest for the author
      await addReply(fin, own1.id);
      const both = (await post(cs, 'notice/list', {}).expect(200)).body.data.items as { orderId: number; handleNum: number }[];
      expect(both.map((r) => [r.orderId, r.handleNum])).toEqual([
        [ownOrder.id, 1],
        [airOrder.id, 1],
      ]);
      expect((await post(cs, 'notice/list', { shipType: 'airtransport' }).expect(200)).body.data.items.map((r: { orderId: number }) => r.orderId)).toEqual([
        airOrder.id,
      ]);
      expect((await post(cs, 'notice/list', { shipType: '' }).expect(200)).body.data.totalCount).toBe(2);
      expect(await count(cs, { shipType: 'airtransport' })).toBe(1);
      expect(await count(cs, { shipType: 'smallbag' })).toBe(0);
      expect(await count(cs)).toBe(2);
      const paged = (await post(cs, 'notice/list', { pageIndex: 2, pageSize: 1 }).expect(200)).body.data;
      expect(paged).toMatchObject({ pageIndex: 2, pageSize: 1, totalCount: 2, totalPage: 2 });
      expect(paged.items.map((r: { orderId: number }) => r.orderId)).toEqual([airOrder.id]);
      expect(fieldErrors(await post(cs, 'notice/list', { shipType: 'sea' }).expect(400))).toEqual({ shipType: ['运输方式无效'] });
    });
  });
});
