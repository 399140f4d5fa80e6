import { beforeEach, describe, expect, it, vi } from 'vitest';
import { importPrices, PriceFileError } from './priceFiles';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

function envelope(status: number, message: string, data: unknown = null) {
  return new Response(JSON.stringify({ success: status < 400, code: status, message, data }), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('importing a price workbook', () => {
  const file = new File(['x'], 'prices.xlsx');

  it('sends the file as the multipart field `file` to the line and answers the server’s message', async () => {
    fetchMock.mockResolvedValue(envelope(200, '导入成功：3 条价格，6 行', { prices: 3, rows: 6 }));
    await expect(importPrices('smallbag', file)).resolves.toBe('导入成功：3 条价格，6 行');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/price/import/smallbag');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('reports each refused row with its reasons', async () => {
    fetchMock.mockResolvedValue(envelope(400, JSON.stringify({ '4': ['起运港代码 CNXXX 不是该线路启用的起运港'], '11': ['有效期与第 12 行的价格重叠'] })));
    const error = await importPrices('smallbag', file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PriceFileError);
    expect((error as PriceFileError).rejection.rows.map((entry) => entry.row)).toEqual([4, 11]);
  });

  it('tells a refused file in one sentence', async () => {
    fetchMock.mockResolvedValue(envelope(400, JSON.stringify({ file: ['文件中没有数据行'] })));
    await expect(importPrices('smallbag', file)).rejects.toMatchObject({ message: '文件中没有数据行', rejection: { rows: [] } });
  });
});
