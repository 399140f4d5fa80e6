import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { setLanguage } from '@/shared/i18n';
import { setTokens } from '@/shared/request';
import { LabelPrintButton } from './LabelPrintButton';

const WAIT = { timeout: 5000 };
const fetchMock = vi.fn(
  async () =>
    new Response('SB2611220001\r\n', {
      headers: { 'content-disposition': `attachment; filename*=UTF-8''2026-11-22%20%E6%A0%87%E7%AD%BE%E5%AF%BC%E5%87%BA.txt` },
    }),
);

const renderButton = (permissions: string[]) => renderWithProviders(<LabelPrintButton />, { permissions });

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  setTokens({ token: 'access', refreshToken: 'refresh' });
  setLanguage('zh');
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

describe('the label print dialog', { timeout: 20_000 }, () => {
  it('is offered in the top bar only with topbar:label', () => {
    renderButton(['order:label']);
    expect(screen.queryByTestId('topbar-label')).toBeNull();
  });

  it('refuses to export without a number, then sends the trimmed numbers', async () => {
    renderButton(['topbar:label']);
    fireEvent.click(screen.getByTestId('topbar-label'));
    expect((await screen.findByRole('dialog', {}, WAIT)).textContent).toContain('订单标签打印');
    fireEvent.click(screen.getByTestId('label-export'));
    expect(await screen.findByText('请先输入需打印的单号', {}, WAIT)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('label-numbers'), { target: { value: ' SB2611220001 \n\n  DL2611220002\n' } });
    fireEvent.click(screen.getByTestId('label-export'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), WAIT);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/order/label/export');
    expect(JSON.parse(String(init.body))).toEqual({ orderNos: ['SB2611220001', 'DL2611220002'] });

    fireEvent.click(screen.getByTestId('label-pdf'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2), WAIT);
    const [pdfUrl, pdfInit] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(pdfUrl).toBe('/api/v1/order/label/pdf');
    expect(JSON.parse(String(pdfInit.body))).toEqual({ orderNos: ['SB2611220001', 'DL2611220002'], template: 'qrCode' });
  });

  it('downloads the built-in layout when no template was uploaded, says who uploads one, and prints the built-in PDF labels of the numbers', async () => {
    fetchMock.mockImplementationOnce(
      async () =>
        new Response('%PDF', {
          headers: { 'content-type': 'application/pdf', 'x-label-template': 'built-in', 'content-disposition': "attachment; filename*=UTF-8''qrCode.pdf" },
        }),
    );
    renderButton(['topbar:label']);
    fireEvent.click(screen.getByTestId('topbar-label'));
    await screen.findByRole('dialog', {}, WAIT);
    fireEvent.change(screen.getByTestId('label-numbers'), { target: { value: 'SB2611220001\n' } });
    fireEvent.click(screen.getByTestId('label-template-download'));

    const missing = await screen.findByTestId('label-template-missing', {}, WAIT);
    expect(missing.textContent).toContain('还没有“qrCode”标签模板');
    expect(missing.textContent).toContain('由管理员上传：在顶栏“订单标签打印”对话框中选好模板，点击“上传模板”');
    // a user who cannot upload is not told to click a button they do not have
    expect(missing.textContent).not.toContain('您可以点击“上传模板”');
    expect(screen.queryByTestId('label-template-upload')).toBeNull();

    fireEvent.click(screen.getByTestId('label-template-missing-pdf'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2), WAIT);
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/order/label/pdf');
    expect(JSON.parse(String(init.body))).toEqual({ orderNos: ['SB2611220001'], template: 'qrCode' });

    // choosing the other template starts afresh
    fireEvent.click(screen.getByText('barCode (100*100mm)'));
    await waitFor(() => expect(screen.queryByTestId('label-template-missing')).toBeNull(), WAIT);
  });

  it('tells an administrator to upload the template here', async () => {
    fetchMock.mockImplementationOnce(
      async () =>
        new Response('%PDF', {
          headers: { 'content-type': 'application/pdf', 'x-label-template': 'built-in', 'content-disposition': "attachment; filename*=UTF-8''qrCode.pdf" },
        }),
    );
    renderButton(['topbar:label', 'deploy:modify']);
    fireEvent.click(screen.getByTestId('topbar-label'));
    await screen.findByRole('dialog', {}, WAIT);
    fireEvent.click(screen.getByTestId('label-template-download'));
    expect((await screen.findByTestId('label-template-missing', {}, WAIT)).textContent).toContain('您可以点击“上传模板”上传 .btw 文件');
  });

  it('warns that the labels carry no tracking link when the server says PUBLIC_BASE_URL is not configured', async () => {
    const answer = (notice?: string) =>
      new Response('%PDF', { headers: { 'content-disposition': "attachment; filename*=UTF-8''labels.pdf", ...(notice ? { 'x-label-notice': notice } : {}) } });
    fetchMock.mockImplementationOnce(async () => answer());
    renderButton(['topbar:label', 'order:label']);
    fireEvent.click(screen.getByTestId('topbar-label'));
    await screen.findByRole('dialog', {}, WAIT);
    fireEvent.change(screen.getByTestId('label-numbers'), { target: { value: 'SB2611220001' } });
    fireEvent.click(screen.getByTestId('label-pdf'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), WAIT);
    await waitFor(() => expect(screen.getByTestId('label-pdf').className).not.toContain('ant-btn-loading'), WAIT);
    expect(screen.queryByText(/PUBLIC_BASE_URL/)).toBeNull();
    fetchMock.mockImplementationOnce(async () => answer('no-tracking-link'));
    fireEvent.click(screen.getByTestId('label-pdf'));
    expect(await screen.findByText(/未配置 PUBLIC_BASE_URL：标签上没有跟踪链接/, {}, WAIT)).toBeTruthy();
  });

  it('shows the tracking-link warning once however often it is raised, and names the unknown numbers in one warning', async () => {
    const answer = () =>
      new Response('%PDF', {
        headers: {
          'content-disposition': "attachment; filename*=UTF-8''labels.pdf",
          'x-label-notice': 'no-tracking-link',
          'x-label-unknown': encodeURIComponent('NOPE1,无此单号'),
        },
      });
    fetchMock.mockImplementation(async () => answer());
    renderButton(['topbar:label', 'order:label']);
    fireEvent.click(screen.getByTestId('topbar-label'));
    await screen.findByRole('dialog', {}, WAIT);
    fireEvent.change(screen.getByTestId('label-numbers'), { target: { value: 'SB2611220001\nNOPE1\n无此单号' } });
    for (const button of ['label-pdf', 'label-export', 'label-pdf']) {
      fireEvent.click(screen.getByTestId(button));
      await waitFor(() => expect(screen.getByTestId(button).className).not.toContain('ant-btn-loading'), WAIT);
    }
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3), WAIT);
    expect(await screen.findAllByText(/未配置 PUBLIC_BASE_URL/, {}, WAIT)).toHaveLength(1);
    expect(screen.getAllByText('以下 2 个单号不存在或无权查看，未生成标签：NOPE1, 无此单号')).toHaveLength(1);
    fetchMock.mockReset();
  });

  it('previews the PDF labels in the dialog before they are saved', async () => {
    fetchMock.mockImplementationOnce(
      async () => new Response('%PDF', { headers: { 'content-type': 'application/pdf', 'content-disposition': "attachment; filename*=UTF-8''labels.pdf" } }),
    );
    renderButton(['topbar:label', 'order:label']);
    fireEvent.click(screen.getByTestId('topbar-label'));
    await screen.findByRole('dialog', {}, WAIT);
    fireEvent.change(screen.getByTestId('label-numbers'), { target: { value: 'SB2611220001' } });
    fireEvent.click(screen.getByTestId('label-preview'));
    const frame = await screen.findByTestId('label-preview-frame', {}, WAIT);
    expect(frame.getAttribute('src')).toBe('blob:x');
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({
      orderNos: ['SB2611220001'],
      template: 'qrCode',
    });
    // nothing saved until asked
    expect(HTMLAnchorElement.prototype.click).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('label-preview-save'));
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalledTimes(1);
  });
});
