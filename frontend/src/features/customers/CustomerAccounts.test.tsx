import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { confirmButton } from '@/test/popconfirm';
import { WechatAccounts } from './CustomerAccounts';

const page = <T,>(items: T[]) => ({ items, pageIndex: 1, pageSize: 10, totalCount: items.length, totalPage: 1 });

const miniProgram = {
  id: 3,
  customerId: 7,
  openId: 'o-wx-3',
  nickname: '微信用户',
  avatarUrl: null,
  boundAt: '2026-11-20T02:00:00Z',
  lastSeenAt: '2026-11-21T02:00:00Z',
  portal: null,
};
const portal = {
  id: 4,
  customerId: 7,
  openId: 'portal:13800000001',
  nickname: '陈经理',
  avatarUrl: null,
  boundAt: '2026-11-22T02:00:00Z',
  lastSeenAt: null,
  portal: { id: 9, name: '陈经理', account: '13800000001', lastSeenAt: '2026-11-28T06:30:00Z', createdAt: '2026-11-22T02:00:00Z', permissionCodes: [] },
};

describe('a customer’s bound accounts in the detail', () => {
  it('shows a portal account as such: its name, sign-in name and last visit, beside the mini-program accounts', async () => {
    mockApi({ '/customers/list/wechat': () => page([miniProgram, portal]) });
    renderWithProviders(<WechatAccounts customerId={7} />);
    const list = await screen.findByTestId('customer-wechats');
    const portalRow = (await within(list).findByText('13800000001')).closest('tr')!;
    expect(within(portalRow).getByText('客户门户')).toBeTruthy();
    expect(within(portalRow).getByText('陈经理')).toBeTruthy();
    // the portal's own last visit (any portal call or connection), not the mini-program row's empty one
    expect(portalRow.textContent).toContain('2026-11-28');
    expect(portalRow.textContent).not.toContain('portal:13800000001');
    const wechatRow = within(list).getByText('o-wx-3').closest('tr')!;
    expect(within(wechatRow).queryByText('客户门户')).toBeNull();
  });

  it('unbinds a portal account only once its consequence is confirmed', async () => {
    const fetchMock = mockApi({ '/customers/list/wechat': () => page([portal]), '/customers/wechat/delete/4': () => null, '/customers/list': () => null });
    renderWithProviders(<WechatAccounts customerId={7} />);
    const list = await screen.findByTestId('customer-wechats');
    fireEvent.click(await within(list).findByText(/^解\s?绑$/));
    const confirm = await confirmButton();
    expect(document.querySelector('.ant-popconfirm')!.textContent).toContain('门户账号将被删除');
    expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/customers/wechat/delete/4'))).toBe(false);
    fireEvent.click(confirm);
    await screen.findByText('已解绑');
    expect(fetchMock.mock.calls.some(([url, init]) => url.endsWith('/customers/wechat/delete/4') && init.method === 'DELETE')).toBe(true);
  });
});
