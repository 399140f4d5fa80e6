// Internal notices against a real database (the medium tier, test/medium.ts): sanitised content and an
// audience that exists, the draft → published → withdrawn cycle and what each status allows, who reads a
// notice, reading marks and the bell's count, and the push on publishing (docs/admin.md).
import { HUB_EVENTS } from '@forwarder/domain';
import { jest } from '@jest/globals';
import { useMedium } from '../../../test/medium.js';
import { t } from '../../common/messages.js';
import { HubService } from '../../hub/hub.service.js';
import type { AddNoticeDto } from './notice.dto.js';
import { NoticeService } from './notice.service.js';

describe('NoticeService: notices and their readers (medium)', () => {
  const { m, admin, sales, op, notices } = useMedium({ admin: 'admin', sales: 'sales01', op: 'op01' }, { notices: NoticeService });
  let n = 0;
  const form = (fields: Partial<AddNoticeDto> = {}): AddNoticeDto => ({ title: `通知 ${++n}`, content: '<p>下周一系统维护</p>', audience: 'all', ...fields });
  const roleId = async (code: string) => (await m.prisma.db.role.findUniqueOrThrow({ where: { code } })).id;
  const seen = async (userId: number, id: number) => (await notices.myList(userId, { pageIndex: 1, pageSize: 500 })).items.some((item) => item.id === id);

  it('stores sanitised content and refuses content with nothing to see', async () => {
    const added = await notices.add(form({ content: '<p onclick="steal()">维护<script>alert(1)</script></p>' }), admin.userId);
    expect(added).toMatchObject({ status: 'draft', createdBy: admin.userId, createdByName: admin.fullName, readCount: 0 });
    expect(added.content).toBe('<p>维护</p>');
    await expect(notices.add(form({ content: '<p> <script>x</script></p>' }), admin.userId)).rejects.toMatchObject({
      fields: { content: [t('noticeContentRequired')] },
    });
  });

  it('addresses only roles and staff that exist, listing the missing ones', async () => {
    await expect(notices.add(form({ audience: 'roles', roleIds: [await roleId('salesman'), 987_654] }), admin.userId)).rejects.toMatchObject({
      fields: { roleIds: [t('roleNotFound', { ids: '987654' })] },
    });
    await expect(notices.add(form({ audience: 'users', userIds: [sales.userId, 987_655] }), admin.userId)).rejects.toMatchObject({
      fields: { userIds: [t('noticeUserNotFound', { ids: '987655' })] },
    });
    // lists of another audience are not kept
    const all = await notices.add(form({ roleIds: [987_654], userIds: [sales.userId] }), admin.userId);
    expect(all).toMatchObject({ audience: 'all', roleIds: [], userIds: [] });
  });

  it('edits and deletes a draft or withdrawn notice, only withdraws a published one, on the current ver', async () => {
    const draft = await notices.add(form(), admin.userId);
    await expect(notices.update({ ...form(), id: draft.id, ver: draft.ver + 1 })).rejects.toMatchObject({ status: 409 });
    const edited = await notices.update({ ...form({ title: '改过的通知' }), id: draft.id, ver: draft.ver });
    expect(edited).toMatchObject({ title: '改过的通知', ver: draft.ver + 1 });
    await expect(notices.publish(draft.id, draft.ver)).rejects.toMatchObject({ status: 409 });
    const published = await notices.publish(draft.id, edited.ver);
    expect(published.status).toBe('published');
    expect(published.publishedAt).not.toBeNull();
    await expect(notices.publish(draft.id)).rejects.toMatchObject({ key: 'noticeAlreadyPublished' });
    await expect(notices.update({ ...form(), id: draft.id, ver: published.ver })).rejects.toMatchObject({ key: 'noticeNotEditable' });
    await expect(notices.remove(draft.id)).rejects.toMatchObject({ key: 'noticeNotDeletable' });
    const withdrawn = await notices.withdraw(draft.id, published.ver);
    expect(withdrawn).toMatchObject({ status: 'withdrawn' });
    expect(withdrawn.withdrawnAt).not.toBeNull();
    await expect(notices.withdraw(draft.id)).rejects.toMatchObject({ key: 'noticeNotPublished' });
    await notices.remove(draft.id);
    await expect(notices.detail(draft.id)).rejects.toMatchObject({ status: 404 });
  });

  it('shows a published notice to its audience only: everyone, a role’s holders, or the staff named', async () => {
    const toSales = await notices.publish((await notices.add(form({ audience: 'roles', roleIds: [await roleId('salesman')] }), admin.userId)).id);
    const toOp = await notices.publish((await notices.add(form({ audience: 'users', userIds: [op.userId] }), admin.userId)).id);
    const toAll = await notices.publish((await notices.add(form(), admin.userId)).id);
    expect([await seen(sales.userId, toSales.id), await seen(sales.userId, toOp.id), await seen(sales.userId, toAll.id)]).toEqual([true, false, true]);
    expect([await seen(op.userId, toSales.id), await seen(op.userId, toOp.id), await seen(op.userId, toAll.id)]).toEqual([false, true, true]);
    await expect(notices.myDetail(sales.userId, toOp.id)).rejects.toMatchObject({ status: 404 });
    await expect(notices.markRead(sales.userId, toOp.id)).rejects.toMatchObject({ status: 404 });
    // a draft and a withdrawn notice reach nobody
    const draft = await notices.add(form(), admin.userId);
    await notices.withdraw(toAll.id);
    expect([await seen(op.userId, draft.id), await seen(op.userId, toAll.id)]).toEqual([false, false]);
  });

  it('marks a notice read by opening it, counts the unread, and makes it unread again when published anew', async () => {
    const before = await notices.unreadCount(op.userId);
    const notice = await notices.publish((await notices.add(form({ audience: 'users', userIds: [op.userId] }), admin.userId)).id);
    expect(await notices.unreadCount(op.userId)).toBe(before + 1);
    const unread = await notices.myList(op.userId, { pageIndex: 1, pageSize: 500, read: false });
    expect(unread.items.map((i) => i.id)).toContain(notice.id);
    const opened = await notices.myDetail(op.userId, notice.id);
    expect(opened).toMatchObject({ id: notice.id, read: true, content: '<p>下周一系统维护</p>' });
    expect(await notices.unreadCount(op.userId)).toBe(before);
    expect((await notices.detail(notice.id)).readCount).toBe(1);
    const read = await notices.myList(op.userId, { pageIndex: 1, pageSize: 500, read: true });
    expect(read.items.find((i) => i.id === notice.id)).toMatchObject({ read: true, readAt: opened.readAt });
    await notices.withdraw(notice.id);
    await notices.publish(notice.id);
    expect((await notices.detail(notice.id)).readCount).toBe(0);
    expect(await notices.unreadCount(op.userId)).toBe(before + 1);
  });

  it('tells the audience’s live connections on publishing: everyone, or the holders of the roles', async () => {
    const hub = m.get(HubService);
    const toUsers = jest.spyOn(hub, 'sendToUsers');
    const toAll = jest.spyOn(hub, 'sendToAll');
    try {
      const byRole = await notices.add(form({ audience: 'roles', roleIds: [await roleId('operator')] }), admin.userId);
      await notices.publish(byRole.id);
      expect(toUsers).toHaveBeenCalledWith(expect.arrayContaining([op.userId]), HUB_EVENTS.message, { type: 'notice', id: byRole.id, title: byRole.title });
      expect(toUsers.mock.calls[0][0]).not.toContain(sales.userId);
      const everyone = await notices.add(form(), admin.userId);
      await notices.publish(everyone.id);
      expect(toAll).toHaveBeenCalledWith(HUB_EVENTS.message, { type: 'notice', id: everyone.id, title: everyone.title });
    } finally {
      toUsers.mockRestore();
      toAll.mockRestore();
    }
  });
});
