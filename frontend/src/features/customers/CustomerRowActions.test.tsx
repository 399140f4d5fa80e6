import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, mockApi, renderWithProviders } from '@/test/render';
import { confirmButton } from '@/test/popconfirm';
import type { CustomerRow } from './api';
import type { CustomerAction } from './customerLists';
import { useCustomerActionButton, type CustomerDialogOpeners } from './CustomerRowActions';

const row = { id: 7, ver: 3, companyName: '环球贸易有限公司', protected: false, protectedUntil: null, lastOrderAt: null } as unknown as CustomerRow;

function Actions({ actions, openers }: { actions: CustomerAction[]; openers: CustomerDialogOpeners }) {
  const button = useCustomerActionButton(openers);
  return <>{actions.map((action) => button(row, action))}</>;
}

const openers = () => ({ onCheck: vi.fn(), onEdit: vi.fn(), onRelease: vi.fn() });

describe('a customer row’s actions', () => {
  it('opens the review, edit and release dialogs on the row', () => {
    const open = openers();
    renderWithProviders(<Actions actions={['check', 'edit', 'release']} openers={open} />);
    fireEvent.click(screen.getByTestId('customer-check-7'));
    fireEvent.click(screen.getByTestId('customer-edit-7'));
    fireEvent.click(screen.getByTestId('customer-release-7'));
    expect([open.onCheck.mock.calls[0][0], open.onEdit.mock.calls[0][0], open.onRelease.mock.calls[0][0]]).toEqual([row, row, row]);
  });

  it('protects at once with the row’s ver and tells until when', async () => {
    const fetchMock = mockApi({
      '/customers/protect': () => ({ ...row, ver: 4, protected: true, protectedUntil: '2027-02-27T02:00:00Z' }),
      '/customers/list': () => null,
    });
    renderWithProviders(<Actions actions={['protect']} openers={openers()} />);
    fireEvent.click(screen.getByTestId('customer-protect-7'));
    expect(await screen.findByText(/^保护成功，保护至 2027-02-27/)).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url]) => url.endsWith('/customers/protect'))!;
    expect(bodyOf(init)).toEqual({ id: 7, ver: 3, protect: true });
  });

  it('claims from the pool only once confirmed', async () => {
    const fetchMock = mockApi({ '/customers/catcher/7': () => null });
    renderWithProviders(<Actions actions={['claim']} openers={openers()} />);
    fireEvent.click(screen.getByTestId('customer-claim-7'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await screen.findByText('确定领取该公海客户吗？')).toBeTruthy();
    fireEvent.click(await confirmButton());
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/customers/catcher/7'))).toBe(true));
    expect(await screen.findByText('领取成功')).toBeTruthy();
  });

  it('deletes only once confirmed', async () => {
    const fetchMock = mockApi({ '/customers/delete/7': () => null });
    renderWithProviders(<Actions actions={['delete']} openers={openers()} />);
    fireEvent.click(screen.getByTestId('customer-delete-7'));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(await confirmButton());
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url.endsWith('/customers/delete/7') && init.method === 'DELETE')).toBe(true));
  });
});
