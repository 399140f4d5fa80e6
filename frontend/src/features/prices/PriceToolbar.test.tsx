import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { exportPrices } from './priceFiles';
import { PriceToolbar } from './PriceToolbar';

vi.mock('./priceFiles', () => ({ exportPrices: vi.fn() }));
const exported = vi.mocked(exportPrices);

beforeEach(() => exported.mockReset());

const renderToolbar = (permissions: string[], handlers = { onAdd: vi.fn(), onImport: vi.fn() }) => {
  renderWithProviders(<PriceToolbar filters={{ shipType: 'smallbag', channel: '美森' }} {...handlers} />, { permissions });
  return handlers;
};

describe('the price list’s buttons', () => {
  it('shows each button to the holders of its code', () => {
    renderToolbar(['price:export']);
    expect(screen.getByTestId('price-export')).toBeTruthy();
    expect(screen.queryByTestId('price-add')).toBeNull();
    expect(screen.queryByTestId('price-import')).toBeNull();
  });

  it('opens the add and the import dialogs', () => {
    const handlers = renderToolbar(['price:modify', 'price:import']);
    fireEvent.click(screen.getByTestId('price-add'));
    fireEvent.click(screen.getByTestId('price-import'));
    expect(handlers.onAdd).toHaveBeenCalledTimes(1);
    expect(handlers.onImport).toHaveBeenCalledTimes(1);
  });

  it('exports the filtered prices and says so, or tells why it failed', async () => {
    exported.mockResolvedValueOnce(undefined);
    renderToolbar(['price:export']);
    fireEvent.click(screen.getByTestId('price-export'));
    expect(await screen.findByText('导出完成')).toBeTruthy();
    expect(exported).toHaveBeenCalledWith({ shipType: 'smallbag', channel: '美森' });
    exported.mockRejectedValueOnce(new Error('服务器忙'));
    fireEvent.click(screen.getByTestId('price-export'));
    await waitFor(() => expect(screen.getByText('服务器忙')).toBeTruthy());
  });
});
