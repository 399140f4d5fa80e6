import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/i18n';
import { envelope, renderWithProviders } from '@/test/render';
import { CostImportPage } from './CostImportPage';

const LINES = [
  { id: 1, key: 'smallbag', value: 'smallbag', text: '小包专线', textEn: 'Small parcels' },
  { id: 2, key: 'dedicatedline', value: 'dedicatedline', text: '海运专线', textEn: 'Sea line' },
];
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

const renderPage = (permissions: string[]) => renderWithProviders(<CostImportPage />, { permissions });

beforeEach(() => {
  setLanguage('zh');
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('the cost import page', () => {
  it('imports into the chosen line and shows that nothing was written, with the wrong rows', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (url.endsWith('/order/enum/shipType')) return envelope(LINES);
      return envelope(
        {
          applied: false,
          rows: 2,
          written: 0,
          orders: 0,
          rejected: [{ row: 2, orderNo: 'DL0000000000', reasons: ['订单 DL0000000000 不存在'] }],
        },
        '未导入任何行：1 行有误（第 2 行），文件中的 2 行都没有写入；请改正后重新导入整个文件',
      );
    });
    const { container } = renderPage(['finance:edit']);
    fireEvent.click(await screen.findByText('海运专线'));
    fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [new File(['x'], 'costs.xlsx')] } });
    const summary = await screen.findByTestId('import-result-summary');
    expect(summary.textContent).toContain('未导入任何行：1 行有误（第 2 行）');
    expect(summary.textContent).toContain('已写入 0 行');
    expect(screen.getByTestId('import-result-rejected').textContent).toContain('订单 DL0000000000 不存在');
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/v1/order/costapply/import/dedicatedline'));
  });

  it('offers the template download and the upload to finance:edit only', async () => {
    fetchMock.mockImplementation(async () => envelope(LINES));
    renderPage(['finance:list']);
    expect(screen.queryByTestId('import-upload')).toBeNull();
    expect(screen.queryByTestId('import-template')).toBeNull();
    expect(screen.getByText('成本导入需要“财务修改”权限')).toBeTruthy();
  });
});
