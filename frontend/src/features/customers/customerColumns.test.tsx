import { fireEvent, screen } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, mockApi, renderWithProviders } from '@/test/render';
import type { CustomerRow } from './api';
import { useCustomerColumns } from './customerColumns';
import type { CustomerAction } from './customerLists';
import type { CustomerList } from '@forwarder/domain';

const row = {
  id: 7,
  ver: 3,
  code: 'C000007',
  companyName: '环球贸易有限公司',
  contactName: '王经理',
  phone: null,
  mobile: '13800138000',
  email: null,
  protected: false,
  protectedUntil: null,
  lastOrderAt: null,
  acceptEmail: false,
  publicSince: '2026-11-01T02:00:00Z',
  salesmanName: '张晓明',
  createdAt: '2026-10-01T02:00:00Z',
} as unknown as CustomerRow;

function Customers({ list, onOpenDetail = vi.fn() }: { list: CustomerList; onOpenDetail?: (id: number) => void }) {
  const actionButton = (r: CustomerRow, action: CustomerAction) => <span key={action}>{`${action}:${r.id}`}</span>;
  return <Table<CustomerRow> rowKey="id" pagination={false} columns={useCustomerColumns(list, { actionButton, onOpenDetail })} dataSource={[row]} />;
}

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

describe('a customer list’s columns', () => {
  it('adds the list’s own columns to the common ones', () => {
    renderWithProviders(<Customers list="publicList" />, { permissions: ['customers:catch'] });
    expect(headers()).toContain('客户编号');
    expect(headers()).not.toContain('业务员');
    screen.getByRole('cell', { name: '13800138000' });
  });

  it('draws the row actions the user may use on the row', () => {
    renderWithProviders(<Customers list="editList" />, { permissions: ['customers:modify'] });
    expect(screen.getByText('edit:7')).toBeTruthy();
    // delete is offered to holders of customers:delete only
    expect(screen.queryByText('delete:7')).toBeNull();
  });

  it('opens the detail from the company name for holders of customers:detail only', () => {
    const onOpenDetail = vi.fn();
    const { unmount } = renderWithProviders(<Customers list="editList" onOpenDetail={onOpenDetail} />, { permissions: [] });
    expect(screen.queryByTestId('customer-detail-7')).toBeNull();
    unmount();
    renderWithProviders(<Customers list="editList" onOpenDetail={onOpenDetail} />, { permissions: ['customers:detail'] });
    fireEvent.click(screen.getByTestId('customer-detail-7'));
    expect(onOpenDetail).toHaveBeenCalledWith(7);
  });

  it('saves the e-mail switch at once where the list lets it be edited, never in the pool', async () => {
    const fetchMock = mockApi({ '/customers/update/acceptEmail': () => ({ ...row, acceptEmail: true, ver: 4 }), '/customers/list': () => null });
    const { unmount } = renderWithProviders(<Customers list="publicList" />, { permissions: ['customers:modify'] });
    expect(screen.getByTestId('customer-accept-email-7').hasAttribute('disabled')).toBe(true);
    unmount();
    renderWithProviders(<Customers list="editList" />, { permissions: ['customers:modify'] });
    fireEvent.click(screen.getByTestId('customer-accept-email-7'));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/customers/update/acceptEmail'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => url.endsWith('/customers/update/acceptEmail'))!;
    expect(bodyOf(init)).toEqual({ id: 7, ver: 3, acceptEmail: true });
  });
});
