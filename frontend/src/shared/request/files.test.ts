import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, downloadName, uploadFile } from './files';
import { setTokens } from './tokens';

describe('download names', () => {
  it('prefers the RFC 5987 filename* and decodes it', () => {
    expect(downloadName(`attachment; filename="labels.txt"; filename*=UTF-8''2026-11-22%20%E6%A0%87%E7%AD%BE%E5%AF%BC%E5%87%BA.txt`)).toBe(
      '2026-11-22 标签导出.txt',
    );
    expect(downloadName(`attachment; filename*=utf-8''%E8%BF%90%E5%8D%95.xlsx`)).toBe('运单.xlsx');
  });

  it('falls back to the plain filename, quoted or not', () => {
    expect(downloadName('attachment; filename="qrCode.btw"')).toBe('qrCode.btw');
    expect(downloadName('attachment; filename=bill.docx')).toBe('bill.docx');
    expect(downloadName(`attachment; filename="plain.pdf"; filename*=UTF-8''%E0%A4%A`)).toBe('plain.pdf');
  });

  it('gives null without a usable header', () => {
    expect(downloadName(null)).toBeNull();
    expect(downloadName('inline')).toBeNull();
  });
});

describe('file calls', () => {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    setTokens({ token: 'access', refreshToken: 'refresh' });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
  });

  it('posts the body with the token and saves the file under the server name', async () => {
    fetchMock.mockResolvedValue(new Response('SB1', { headers: { 'content-disposition': `attachment; filename*=UTF-8''a%20b.txt` } }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await expect(downloadFile('/order/label/export', { orderNos: ['SB1'] }, 'fallback.txt')).resolves.toBe('a b.txt');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/order/label/export');
    expect(init.body).toBe('{"orderNos":["SB1"]}');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer access');
    expect(clicked).toEqual(['a b.txt']);
  });

  it('rejects with the server message when the answer is an envelope', async () => {
    const body = JSON.stringify({ success: false, code: 400, message: JSON.stringify({ orderNos: ['订单 X 不存在'] }), data: null });
    fetchMock.mockResolvedValue(new Response(body, { status: 400, headers: { 'content-type': 'application/json' } }));
    await expect(downloadFile('/order/label/export', {}, 'x.txt')).rejects.toMatchObject({
      status: 400,
      message: '订单 X 不存在',
      fieldErrors: { orderNos: ['订单 X 不存在'] },
    });
  });

  it('quotes the request id of a download the server failed, so the user can report it', async () => {
    const body = JSON.stringify({ success: false, code: 500, message: '服务器错误，请稍后重试', data: null, requestId: 'r-500' });
    fetchMock.mockResolvedValue(new Response(body, { status: 500, headers: { 'content-type': 'application/json', 'x-request-id': 'r-500' } }));
    await expect(downloadFile('/order/label/export', {}, 'x.txt')).rejects.toMatchObject({
      status: 500,
      requestId: 'r-500',
      message: '服务器错误，请稍后重试（请求编号：r-500）',
    });
  });

  it('uploads the file as multipart and resolves with the data and message', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ success: true, message: '导入成功', data: { accepted: 2 } }), { headers: { 'content-type': 'application/json' } }),
    );
    await expect(uploadFile('/order/scInformation/import/smallbag', new File(['x'], 'a.xlsx'))).resolves.toEqual({
      data: { accepted: 2 },
      message: '导入成功',
    });
    expect(fetchMock.mock.calls[0][1].body).toBeInstanceOf(FormData);
  });

  it('sends an upload under an Idempotency-Key, and the same file again under it when the answer was lost', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ success: true, message: '', data: { id: 3 } }), { headers: { 'content-type': 'application/json' } }),
      );
    await expect(uploadFile('/file/update?use=image', new File(['x'], 'a.png'))).resolves.toEqual({ data: { id: 3 }, message: '' });
    const [first, second] = fetchMock.mock.calls.map(([, init]) => new Headers(init.headers).get('Idempotency-Key'));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    expect(fetchMock.mock.calls[1][1].body).toBe(fetchMock.mock.calls[0][1].body);
  });

  it('sends a download once, without a key', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(downloadFile('/order/label/export', {}, 'x.txt')).rejects.toMatchObject({ status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchMock.mock.calls[0][1].headers).get('Idempotency-Key')).toBeNull();
  });
});
