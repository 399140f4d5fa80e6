import { screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockApi, renderWithProviders } from '@/test/render';
import type { CustomerList } from '@forwarder/domain';
import { CustomerSearchFields } from './CustomerSearchFields';

const serve = () =>
  mockApi({
    '/dict/detail/item/customerSource': () => [],
    '/dict/detail/item/customerLevel': () => [],
    '/user/list/role': () => [{ id: 11, fullName: '张晓明' }],
  });

const renderFields = (list: CustomerList, permissions: string[]) =>
  renderWithProviders(
    <Form>
      <CustomerSearchFields list={list} />
    </Form>,
    { permissions },
  );

describe('a customer list’s search fields', () => {
  it('has the key, source and level on every list', () => {
    serve();
    renderFields('publicList', ['customers:list']);
    for (const label of ['关键字', '客户来源', '客户等级']) expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByTestId('customer-search-key')).toBeTruthy();
  });

  it('filters by salesman for whoever sees every salesman’s customers, on a list by salesman, asking for the salesmen then only', async () => {
    const fetchMock = serve();
    const { unmount } = renderFields('checkList', ['customers:list']);
    expect(screen.queryByText('业务员')).toBeNull();
    unmount();
    const pool = renderFields('publicList', ['customers:list', 'customers:all']);
    expect(screen.queryByText('业务员')).toBeNull();
    pool.unmount();
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(0));
    expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/user/list/role'))).toBe(false);
    renderFields('checkList', ['customers:list', 'customers:all']);
    expect(screen.getByText('业务员')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url.endsWith('/user/list/role') && bodyOf(init).roleCode === 'salesman')).toBe(true));
  });
});
