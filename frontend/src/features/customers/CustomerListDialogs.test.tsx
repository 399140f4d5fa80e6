import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { CustomerRow } from './api';
import { useCustomerListDialogs } from './CustomerListDialogs';

// each dialog has its own tests; here: which one the list opens, on which customer
vi.mock('./CustomerEditDialog', () => ({
  CustomerEditDialog: ({ customer }: { customer: CustomerRow | null }) => (customer ? <p>edit {customer.id}</p> : null),
}));
vi.mock('./CustomerCheckDialog', () => ({
  CustomerCheckDialog: ({ customer }: { customer: CustomerRow | null }) => (customer ? <p>check {customer.id}</p> : null),
}));
vi.mock('./CustomerReleaseDialog', () => ({
  CustomerReleaseDialog: ({ customer }: { customer: CustomerRow | null }) => (customer ? <p>release {customer.id}</p> : null),
}));
vi.mock('./CustomerDetailDrawer', () => ({
  CustomerDetailDrawer: ({ customerId }: { customerId: number | null }) => (customerId ? <p>detail {customerId}</p> : null),
}));

/** The dialogs, with a button for each way the list opens them. */
function Dialogs() {
  const { openers, openDetail, dialogs } = useCustomerListDialogs();
  return (
    <>
      <button type="button" onClick={() => openers.onEdit({ id: 7 } as CustomerRow)}>
        open edit
      </button>
      <button type="button" onClick={() => openers.onCheck({ id: 8 } as CustomerRow)}>
        open check
      </button>
      <button type="button" onClick={() => openers.onRelease({ id: 9 } as CustomerRow)}>
        open release
      </button>
      <button type="button" onClick={() => openDetail(10)}>
        open detail
      </button>
      {dialogs}
    </>
  );
}

describe('a customer list’s dialogs', () => {
  it('opens each dialog on the customer it is given, none before', () => {
    renderWithProviders(<Dialogs />);
    const shown = ['edit 7', 'check 8', 'release 9', 'detail 10'];
    expect(shown.filter((text) => screen.queryByText(text))).toEqual([]);
    for (const name of ['open edit', 'open check', 'open release', 'open detail']) fireEvent.click(screen.getByRole('button', { name }));
    expect(shown.filter((text) => screen.queryByText(text))).toEqual(shown);
  });
});
