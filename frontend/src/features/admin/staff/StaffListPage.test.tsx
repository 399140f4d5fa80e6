import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, renderWithProviders, serveData } from '@/test/render';
import { setLanguage } from '@/shared/i18n';
import { StaffListPage } from './StaffListPage';

const row = (id: number, account: string, fullName: string, signInLockedUntil: string | null) => ({
  id,
  jobNo: null,
  account,
  fullName,
  email: null,
  phone: null,
  peerLabel: null,
  directLabel: null,
  duty: null,
  orgId: null,
  orgName: null,
  roles: [],
  enabled: true,
  online: false,
  signInLockedUntil,
  createdAt: '2026-11-20T08:00:00.000Z',
  ver: 1,
});

let locked = true;
const serve = () =>
  serveData((url) => {
    if (url.endsWith('/user/list')) {
      const rows = [row(7, 'op01', '王操作', locked ? '2026-11-28T10:30:00.000Z' : null), row(8, 'fin01', '李财务', null)];
      return { items: rows, pageIndex: 1, pageSize: 20, totalCount: 2, totalPage: 1 };
    }
    if (url.endsWith('/role/list')) return { items: [], pageIndex: 1, pageSize: 500, totalCount: 0, totalPage: 0 };
    return url.includes('/list') ? [] : null;
  });

const rowOf = (account: string) => screen.getByText(account).closest('tr') as HTMLElement;

beforeEach(() => {
  locked = true;
  setLanguage('zh');
});

describe('员工管理: a sign-in lock', { timeout: 60_000 }, () => {
  it('shows on the locked colleague, and 解除锁定 clears it after a confirmation', async () => {
    const fetchMock = serve();
    renderWithProviders(<StaffListPage />, { permissions: ['staff:list', 'staff:unlock'] });
    await waitFor(() => expect(screen.getByText('op01')).toBeTruthy());
    expect(within(rowOf('op01')).getByTestId('staff-locked').textContent).toBe('登录已锁定');
    expect(within(rowOf('fin01')).queryByTestId('staff-locked')).toBeNull();
    expect(within(rowOf('fin01')).queryByText('解除锁定')).toBeNull();

    fireEvent.click(within(rowOf('op01')).getByTestId('staff-unlock'));
    locked = false;
    // the confirmation's OK button (a role query walks the whole table: slow in jsdom)
    await waitFor(() => expect(document.querySelector('.ant-popconfirm .ant-btn-primary')).toBeTruthy());
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary')!);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/user/unlock'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/user/unlock'))!;
    expect(bodyOf(init)).toEqual({ id: 7 });
    expect(await screen.findByText('已解除登录锁定')).toBeTruthy();
    await waitFor(() => expect(within(rowOf('op01')).queryByTestId('staff-locked')).toBeNull());
  });

  it('offers no 解除锁定 without staff:unlock, though the lock shows', async () => {
    serve();
    renderWithProviders(<StaffListPage />, { permissions: ['staff:list', 'staff:modify'] });
    await waitFor(() => expect(screen.getByText('op01')).toBeTruthy());
    expect(within(rowOf('op01')).getByTestId('staff-locked')).toBeTruthy();
    expect(within(rowOf('op01')).queryByTestId('staff-unlock')).toBeNull();
  });
});
