import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { setLanguage } from '@/shared/i18n';
import { setTokens } from '@/shared/request';
import type { OrderFilters } from '../api';
import { OrderExcelExportButton } from './OrderExcelExportButton';

const fetchMock = vi.fn(
  async () => new Response(new Blob(['xlsx']), { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }),
);
const filters = { shipType: 'dedicatedline', view: 'all', customerId: 3 } as OrderFilters;

/** The body of the export the button sent. */
async function exported(ids: number[]) {
  renderWithProviders(<OrderExcelExportButton kind="bill" filters={filters} ids={ids} />, { permissions: ['order:export'] });
  fireEvent.click(screen.getByTestId('order-bill-excel'));
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toMatch(/\/order\/bill\/excel$/);
  return JSON.parse(String(init.body)) as Record<string, unknown>;
}

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  setTokens({ token: 'access', refreshToken: 'refresh' });
  setLanguage('zh');
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

describe('the bill of lading export of an order list', () => {
  it('exports exactly the ticked orders, and says how many', async () => {
    const body = await exported([12, 15]);
    expect(body).toEqual({ ...filters, ids: [12, 15] });
    expect(screen.getByTestId('order-bill-excel').textContent).toContain('导出所选提单（2）');
  });

  it('with none ticked exports the whole list by its filters', async () => {
    const body = await exported([]);
    expect(body).toEqual(filters);
    expect(screen.getByTestId('order-bill-excel').textContent).toContain('导出提单');
  });
});
