// The issue board's rules against a real database (the medium tier, test/medium.ts): the statuses an issue
// goes through (wait → handle → completed), who may edit, close and reply, and who sees which issue.
import { useMedium } from '../../../test/medium.js';
import type { Principal } from '../../common/access.decorators.js';
import { t } from '../../common/messages.js';
import type { OrderView } from '../order/orders.service.js';
import { IssueBoardService } from './issue-board.service.js';

describe('IssueBoardService (medium)', () => {
  const { m, admin, sales, sales2, op, cs, board } = useMedium(
    { admin: 'admin', sales: 'sales01', sales2: 'sales02', op: 'op01', cs: 'cs01' },
    { board: IssueBoardService },
  );

  /** An issue posted by `author` on an order of sales01, handed to `handler`. */
  const post = async (author: Principal = sales, handler: Principal = op, order?: OrderView) => {
    const on = order ?? (await m.seed.order(sales));
    return { order: on, issue: await board.add(on.id, { detail: '货物少了一箱', processedUserId: handler.userId }, author) };
  };
  const statusOf = async (id: number) => (await m.prisma.db.orderIssue.findUniqueOrThrow({ where: { id } })).status;

  describe('statuses', () => {
    it('waits for its first reply, is handled from then on, and is closed by its author', async () => {
      const { issue } = await post();
      expect(issue.status).toBe('wait');
      await expect(board.close(issue.id, undefined, sales)).rejects.toMatchObject({ key: 'issueCloseOnlyHandling' });
      await board.addReply(issue.id, { detail: '已核实' }, op);
      expect(await statusOf(issue.id)).toBe('handle');
      // a later reply keeps it in hand
      await board.addReply(issue.id, { detail: '补充' }, sales);
      expect(await statusOf(issue.id)).toBe('handle');
      const closed = await board.close(issue.id, undefined, sales);
      expect(closed.status).toBe('completed');
      expect(closed.reply).toHaveLength(2);
    });

    it('takes nothing once closed: no reply, no edit of a reply, no second close', async () => {
      const { issue } = await post();
      const reply = await board.addReply(issue.id, { detail: '已核实' }, op);
      await board.close(issue.id, undefined, sales);
      await expect(board.addReply(issue.id, { detail: '再问' }, op)).rejects.toMatchObject({ key: 'issueCompleted' });
      await expect(board.updateReply({ id: reply.id, ver: reply.ver, detail: '改' }, op)).rejects.toMatchObject({ key: 'issueCompleted' });
      await expect(board.removeReply(reply.id, op)).rejects.toMatchObject({ key: 'issueCompleted' });
      await expect(board.close(issue.id, undefined, sales)).rejects.toMatchObject({ key: 'issueCompleted' });
    });

    it('refuses a close on a stale ver', async () => {
      const { issue } = await post();
      await board.addReply(issue.id, { detail: '已核实' }, op);
      await expect(board.close(issue.id, issue.ver, sales)).rejects.toMatchObject({ status: 409 });
      expect(await statusOf(issue.id)).toBe('handle');
    });
  });

  describe('who may do what', () => {
    it('lets only the author edit or remove an issue, and only while it waits', async () => {
      const { order, issue } = await post();
      const edit = { id: issue.id, orderId: order.id, ver: issue.ver, detail: '少了两箱', processedUserId: cs.userId };
      await expect(board.update(edit, op)).rejects.toMatchObject({ status: 403, key: 'issueOnlyCreatorEdits' });
      await expect(board.remove(issue.id, op)).rejects.toMatchObject({ status: 403 });
      const edited = await board.update(edit, sales);
      expect(edited).toMatchObject({ detail: '少了两箱', processedUserId: cs.userId });
      await board.addReply(issue.id, { detail: '收到' }, cs);
      await expect(board.update({ ...edit, ver: edited.ver + 1 }, sales)).rejects.toMatchObject({ key: 'issueEditOnlyWaiting' });
      await expect(board.remove(issue.id, sales)).rejects.toMatchObject({ key: 'issueEditOnlyWaiting' });
    });

    it('lets only the author close, or a super administrator', async () => {
      const { issue } = await post();
      await board.addReply(issue.id, { detail: '已核实' }, op);
      await expect(board.close(issue.id, undefined, op)).rejects.toMatchObject({ status: 403, key: 'issueOnlyCreatorCloses' });
      expect((await board.close(issue.id, undefined, admin)).status).toBe('completed');
    });

    it('lets only a reply’s author change or remove it', async () => {
      const { issue } = await post();
      const reply = await board.addReply(issue.id, { detail: '已核实' }, op);
      await expect(board.updateReply({ id: reply.id, ver: reply.ver, detail: '改' }, sales)).rejects.toMatchObject({
        status: 403,
        key: 'issueOnlyReplyAuthor',
      });
      await expect(board.removeReply(reply.id, sales)).rejects.toMatchObject({ status: 403 });
      expect(await board.updateReply({ id: reply.id, ver: reply.ver, detail: '改过' }, op)).toMatchObject({ detail: '改过' });
    });

    it('hands an issue only to an active colleague', async () => {
      const gone = await m.prisma.db.user.create({ data: { account: 'medium-left', passwordHash: 'x', fullName: '离职员工', enabled: false } });
      const order = await m.seed.order(sales);
      await expect(board.add(order.id, { detail: '问题', processedUserId: gone.id }, sales)).rejects.toMatchObject({
        fields: { processedUserId: [t('issueHandlerInactive')] },
      });
    });

    it('posts only on orders the caller sees', async () => {
      const order = await m.seed.order(sales);
      await expect(board.add(order.id, { detail: '问题', processedUserId: op.userId }, sales2)).rejects.toMatchObject({ status: 404 });
    });
  });

  describe('who sees what', () => {
    it('shows a salesman handed an issue on a colleague’s order that issue and no other on the order', async () => {
      const order = await m.seed.order(sales);
      const { issue: handed } = await post(op, sales2, order);
      const { issue: other } = await post(op, cs, order);
      expect((await board.detail(handed.id, sales2)).id).toBe(handed.id);
      await expect(board.detail(other.id, sales2)).rejects.toMatchObject({ status: 404 });
      expect((await board.list(order.id, 'wait', sales2)).map((i) => i.id)).toEqual([handed.id]);
      // the order's salesman sees the whole board
      expect((await board.list(order.id, 'wait', sales)).map((i) => i.id)).toEqual([other.id, handed.id]);
      // and the handler may answer it
      await board.addReply(handed.id, { detail: '我来处理' }, sales2);
      expect(await statusOf(handed.id)).toBe('handle');
    });

    it('counts on the badge what the user must handle (waiting, theirs to answer) and confirm (handled, theirs to close)', async () => {
      const count = (user: Principal) => board.reminderCount({}, user);
      const [handlerBefore, authorBefore] = [await count(cs), await count(sales)];
      const { issue } = await post(sales, cs);
      expect([await count(cs), await count(sales)]).toEqual([handlerBefore + 1, authorBefore]);
      await board.addReply(issue.id, { detail: '已处理' }, cs);
      expect([await count(cs), await count(sales)]).toEqual([handlerBefore, authorBefore + 1]);
      await board.close(issue.id, undefined, sales);
      expect([await count(cs), await count(sales)]).toEqual([handlerBefore, authorBefore]);
    });
  });

  it('stores the text escaped, with line breaks as <br/>, and refuses an empty one', async () => {
    const order = await m.seed.order(sales);
    const issue = await board.add(order.id, { detail: '<b>少</b>\n一箱', processedUserId: op.userId }, sales);
    expect(issue.detail).toBe('&lt;b&gt;少&lt;/b&gt;<br/>一箱');
    await expect(board.addReply(issue.id, { detail: ' <br/> ' }, op)).rejects.toMatchObject({ fields: { detail: [t('issueReplyRequired')] } });
  });
});
