import { screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { OrderSearchFields } from './OrderSearchFields';

const serve = () => mockApi({ '/port/options': () => [], '/user/list/role': () => [], '/customers/list': () => ({ items: [], totalCount: 0 }) });
const renderFields = (
  permissions: string[],
  { shipType = 'smallbag', rowsShown = true }: { shipType?: 'smallbag' | 'airtransport'; rowsShown?: boolean } = {},
) =>
  renderWithProviders(
    <Form>
      <OrderSearchFields shipType={shipType} rowsShown={rowsShown} />
    </Form>,
    { permissions },
  );

describe('an order list’s search fields', () => {
  it('offers the customer to readers of the customer lists, the salesman to those who see every salesman’s orders', () => {
    serve();
    const { unmount } = renderFields(['order:list']);
    expect(screen.queryByTestId('order-filter-customer')).toBeNull();
    expect(screen.queryByText('业务员')).toBeNull();
    unmount();
    renderFields(['order:list', 'customers:list', 'order:demotion']);
    expect(screen.getByTestId('order-filter-customer')).toBeTruthy();
    expect(screen.getByText('业务员')).toBeTruthy();
  });

  it('asks for no container on the air line', () => {
    serve();
    const { unmount } = renderFields(['order:list']);
    expect(screen.getByText('柜号')).toBeTruthy();
    unmount();
    renderFields(['order:list'], { shipType: 'airtransport' });
    expect(screen.queryByText('柜号')).toBeNull();
  });

  it('asks for the ports only once the list’s rows are drawn', async () => {
    const fetchMock = serve();
    const { unmount } = renderFields(['order:list'], { rowsShown: false });
    expect(screen.getByTestId('order-filter-no')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    unmount();
    renderFields(['order:list']);
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('/port/options'))).toHaveLength(2));
  });
});
