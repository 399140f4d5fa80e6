import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderInApp } from '@/test/render';
import type { CustomerRow } from './api';
import { CustomerCheckDialog } from './CustomerCheckDialog';

const customer = { id: 9, ver: 2, companyName: '远洋物流有限公司', reviewStatus: 'pending' } as unknown as CustomerRow;

const fetchMock = vi.fn(async (url: string) => {
  if (url.endsWith('/customers/check')) return envelope({ ...customer, reviewStatus: 'rejected', ver: 3 });
  throw new Error(`unexpected ${url}`);
});

const radio = (testId: string) => screen.getByTestId(testId).closest('label')!.querySelector('input') as HTMLInputElement;

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

describe('the customer review dialog', () => {
  it('keeps 驳回 selected once clicked, asks for the remark, and sends the rejection with it', async () => {
    const onClose = vi.fn();
    renderInApp(<CustomerCheckDialog customer={customer} onClose={onClose} />, {
      access: { roles: [], permissions: ['customers:check'], isSuperAdmin: false },
    });
    await screen.findByTestId('customer-check-reject');
    expect(radio('customer-check-approve').checked).toBe(true);
    fireEvent.click(screen.getByTestId('customer-check-reject'));
    await waitFor(() => expect(radio('customer-check-reject').checked).toBe(true));
    expect(radio('customer-check-approve').checked).toBe(false);

    fireEvent.click(screen.getByTestId('customer-check-submit'));
    expect(await screen.findByText('驳回时请填写原因')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(radio('customer-check-reject').checked).toBe(true);

    fireEvent.change(screen.getByTestId('customer-check-remark'), { target: { value: ' 营业执照不清晰 ' } });
    fireEvent.click(screen.getByTestId('customer-check-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/customers\/check$/);
    expect(JSON.parse(String(init.body))).toEqual({ id: 9, ver: 2, approved: false, remark: '营业执照不清晰' });
  });
});
