import { render } from '@/test/render';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/i18n';
import { ImportPanel, ImportResult, type ImportReport } from './ImportResult';

const refused: ImportReport = {
  applied: false,
  rows: 3,
  written: 0,
  rejected: [
    { row: 3, orderNo: 'DL2611220001', reasons: ['柜号 MSCU1234567 校验位错误', '订单 DL2611220001 在第 4 行重复出现'] },
    { row: 4, orderNo: 'DL2611220001', reasons: ['订单 DL2611220001 在第 3 行重复出现'] },
  ],
};
const REFUSED_MESSAGE = '未导入任何行：2 行有误（第 3, 4 行），文件中的 3 行都没有写入；请改正后重新导入整个文件';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const answer = (status: number, message: string, data: unknown = null) =>
  new Response(JSON.stringify({ success: status < 400, code: status, message, data }), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  setLanguage('zh');
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('ImportResult', () => {
  it('says nothing was written when the server refused the file, with each wrong row and its reasons', () => {
    render(<ImportResult report={refused} message={REFUSED_MESSAGE} />);
    const summary = screen.getByTestId('import-result-summary');
    expect(summary.className).toContain('ant-alert-error');
    expect(summary.textContent).toContain(REFUSED_MESSAGE);
    expect(summary.textContent).toContain('已写入 0 行：文件中的 3 行都没有导入');
    expect(summary.textContent).not.toMatch(/成功/);
    const table = screen.getByTestId('import-result-rejected');
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['行号', '订单号', '原因']);
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['3', 'DL2611220001', '柜号 MSCU1234567 校验位错误订单 DL2611220001 在第 4 行重复出现'],
      ['4', 'DL2611220001', '订单 DL2611220001 在第 3 行重复出现'],
    ]);
  });

  it('tells the rows written when the server applied the file, and lists no rows', () => {
    setLanguage('en');
    render(<ImportResult report={{ applied: true, rows: 5, written: 5, rejected: [] }} message="Imported 5 charges (2 orders)" />);
    const summary = screen.getByTestId('import-result-summary');
    expect(summary.className).toContain('ant-alert-success');
    expect(summary.textContent).toContain('Imported 5 charges (2 orders)');
    expect(summary.textContent).toContain('5 of 5 rows written');
    expect(screen.queryByTestId('import-result-rejected')).toBeNull();
  });

  it('warns of the rows an applied import left out as already imported, listing each with what it repeats', () => {
    const report: ImportReport = {
      applied: true,
      rows: 3,
      written: 1,
      rejected: [],
      duplicates: [
        { row: 2, orderNo: 'DL2611220001', reasons: ['重复：同一文件的这一行已记账（费用 #41），未再导入'] },
        { row: 3, orderNo: 'DL2611220001', reasons: ['重复：同一文件的这一行已记账（费用 #42），未再导入'] },
      ],
    };
    render(<ImportResult report={report} message="已导入 1 条费用（1 个订单），重复 2 行已导入过，未再记账" />);
    const summary = screen.getByTestId('import-result-summary');
    expect(summary.className).toContain('ant-alert-warning');
    expect(summary.textContent).toContain('已写入 1 行（共 3 行）；重复 2 行：已导入过，未再写入');
    const rows = [...screen.getByTestId('import-result-duplicates').querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['2', 'DL2611220001', '重复：同一文件的这一行已记账（费用 #41），未再导入'],
      ['3', 'DL2611220001', '重复：同一文件的这一行已记账（费用 #42），未再导入'],
    ]);
  });

  it('leaves out the order column for an import whose rows name no order', () => {
    render(
      <ImportResult report={{ applied: false, rows: 1, written: 0, rejected: [{ row: 2, reasons: ['单价须为不小于 0 的数'] }] }} message="未导入任何行" />,
    );
    expect([...screen.getByTestId('import-result-rejected').querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['行号', '原因']);
  });
});

describe('ImportPanel', () => {
  const calls = { templatePath: '/x/template', templateName: 'x.xlsx', importPath: '/x/import/dedicatedline' };
  /** Opens the panel and chooses a file in it; `choose` chooses again, `onImported` is what the panel calls once imported. */
  const importFile = () => {
    const onImported = vi.fn();
    const { container } = render(
      <App>
        <ImportPanel calls={calls} onImported={onImported} />
      </App>,
    );
    const choose = () => {
      const input = container.querySelector('input[type="file"]') as HTMLInputElement;
      fireEvent.change(input, { target: { files: [new File(['x'], 'costs.xlsx')] } });
    };
    choose();
    return { onImported, choose };
  };

  it('uploads the chosen file as `file` and shows the server’s report; a refused file is not taken as imported', async () => {
    fetchMock.mockResolvedValue(answer(200, REFUSED_MESSAGE, refused));
    const { onImported } = importFile();
    const summary = await screen.findByTestId('import-result-summary');
    expect(summary.textContent).toContain(REFUSED_MESSAGE);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/x/import/dedicatedline');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(within(screen.getByTestId('import-result-rejected')).getAllByText('DL2611220001')).toHaveLength(2);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('follows an applied import with onImported, and shows a refused file’s own reason', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, '已导入 2 条费用（1 个订单）', { applied: true, rows: 2, written: 2, rejected: [], orders: 1 }));
    const { onImported, choose } = importFile();
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('import-result-summary').textContent).toContain('已写入 2 行（共 2 行）');

    fetchMock.mockResolvedValueOnce(answer(400, JSON.stringify({ file: ['文件中没有数据行'] })));
    choose();
    expect((await screen.findByTestId('import-failure')).textContent).toBe('文件中没有数据行');
    expect(screen.queryByTestId('import-result')).toBeNull();
  });
});
