import { screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockApi, renderWithProviders } from '@/test/render';
import { PriceSearchFields } from './PriceSearchFields';

const serve = () =>
  mockApi({
    '/port/options': (_, init) => [
      bodyOf(init).kind === 'start'
        ? { id: 1, code: 'CNSZX', nameZh: '深圳', nameEn: 'Shenzhen' }
        : { id: 2, code: 'USLAX', nameZh: '洛杉矶', nameEn: 'Los Angeles' },
    ],
  });

const renderFields = (permissions: string[]) =>
  renderWithProviders(
    <Form>
      <PriceSearchFields shipType="smallbag" />
    </Form>,
    { permissions },
  );

describe('the price list’s search fields', () => {
  it('offers the kind to holders of price:cost only', () => {
    serve();
    const { unmount } = renderFields(['price:list']);
    expect(screen.queryByText('类型')).toBeNull();
    unmount();
    renderFields(['price:list', 'price:cost']);
    expect(screen.getByText('类型')).toBeTruthy();
  });

  it('asks for the start and end ports of the line, and has the channel and the day of validity', async () => {
    const fetchMock = serve();
    renderFields(['price:list']);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls.map(([, init]) => bodyOf(init))).toEqual(
      expect.arrayContaining([
        { shipType: 'smallbag', kind: 'start' },
        { shipType: 'smallbag', kind: 'end' },
      ]),
    );
    for (const label of ['起运港', '目的港', '渠道', '有效日期']) expect(screen.getByText(label)).toBeTruthy();
  });
});
