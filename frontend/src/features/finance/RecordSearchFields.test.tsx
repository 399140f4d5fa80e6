import { screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { RecordSearchFields } from './RecordSearchFields';
import { TYPE_DICTIONARY } from './RecordFormDialog';

describe('a record list’s search fields', () => {
  it('offers the types of the kind, the currencies and the payment methods from their dictionaries', async () => {
    const fetchMock = mockApi({ '/dict/detail/item/': () => [] });
    renderWithProviders(
      <Form>
        <RecordSearchFields kind="entry" />
      </Form>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    const asked = fetchMock.mock.calls.map(([url]) => decodeURIComponent(String(url).split('/').at(-1)!));
    expect(asked).toEqual(expect.arrayContaining([TYPE_DICTIONARY.entry, 'currency']));
    expect(asked).not.toContain(TYPE_DICTIONARY.outgoing);
    for (const testId of ['finance-search-record-no', 'finance-search-order-no']) expect(screen.getByTestId(testId)).toBeTruthy();
    for (const label of ['单号', '开始日期', '关键字']) expect(screen.getByText(label)).toBeTruthy();
  });
});
