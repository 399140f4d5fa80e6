import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { updateSession } from '@/shared/session/store';
import { envelope, renderInApp } from '@/test/render';
import type { CustomerDetail } from './api';
import { CustomerDetailDrawer } from './CustomerDetailDrawer';
import { CustomerReleaseDialog } from './CustomerReleaseDialog';

const customer = {
  id: 7,
  ver: 3,
  code: 'C000007',
  companyName: '环球贸易有限公司',
  contactName: '王经理',
  reviewStatus: 'approved',
  salesmanId: 11,
  salesmanName: '张晓明',
  protected: false,
  history: [
    {
      id: 1,
      action: 'approve',
      salesmanId: 11,
      salesmanName: '张晓明',
      reason: '资料齐全',
      userId: 1,
      userName: '系统管理员',
      createdAt: '2026-11-20T02:00:00Z',
    },
  ],
  wechats: [],
} as unknown as CustomerDetail;

const fetchMock = vi.fn(async (url: string) => {
  if (url.endsWith('/customers/release')) return envelope({ ...customer, salesmanId: null, ver: 4 });
  if (url.endsWith('/customers/detail/7')) return envelope(customer);
  throw new Error(`unexpected ${url}`);
});

const renderWith = (permissions: string[], children: ReactNode) => renderInApp(children, { access: { roles: [], permissions, isSuperAdmin: false } });

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

describe('the release to the public pool dialog', () => {
  it('requires a reason before asking the server', async () => {
    const onClose = vi.fn();
    renderWith(['customers:release'], <CustomerReleaseDialog customer={customer} onClose={onClose} />);
    expect((await screen.findByRole('dialog')).textContent).toContain('释放客户 环球贸易有限公司 到公海');
    fireEvent.change(screen.getByTestId('customer-release-reason'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('customer-release-submit'));
    expect(await screen.findByText('请填写释放原因')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the trimmed reason with the customer’s ver, says so and closes', async () => {
    const onClose = vi.fn();
    const onReleased = vi.fn();
    renderWith(['customers:release'], <CustomerReleaseDialog customer={customer} onClose={onClose} onReleased={onReleased} />);
    fireEvent.change(await screen.findByTestId('customer-release-reason'), { target: { value: '  客户已停止合作 ' } });
    fireEvent.click(screen.getByTestId('customer-release-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/customers\/release$/);
    expect(JSON.parse(String(init.body))).toEqual({ id: 7, ver: 3, reason: '客户已停止合作' });
    expect(onReleased).toHaveBeenCalledWith(expect.objectContaining({ salesmanId: null }));
    expect(await screen.findByText('已释放到公海')).toBeTruthy();
  });
});

describe('the customer detail drawer', () => {
  it('offers 释放到公海 to the owner holding customers:release, and shows the history with its reasons', async () => {
    updateSession({ userId: '11' });
    renderWith(['customers:detail', 'customers:release'], <CustomerDetailDrawer customerId={7} onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('customer-detail-release'));
    expect(await screen.findByText('释放客户 环球贸易有限公司 到公海')).toBeTruthy();
    expect(screen.getByTestId('customer-history').textContent).toContain('资料齐全');
    expect(screen.queryByTestId('customer-detail-check')).toBeNull();
  });

  it('hides it from a colleague who does not own the customer', async () => {
    updateSession({ userId: '12' });
    renderWith(['customers:detail', 'customers:release'], <CustomerDetailDrawer customerId={7} onClose={() => undefined} />);
    await screen.findByTestId('customer-history');
    expect(screen.queryByTestId('customer-detail-release')).toBeNull();
  });
});
