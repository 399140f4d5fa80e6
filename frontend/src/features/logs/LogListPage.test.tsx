import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderWithProviders } from '@/test/render';
import { setLanguage } from '@/shared/i18n';
import { ErrorLogPage } from './ErrorLogPage';

const errors = [
  { id: 1, message: 'boom', method: 'POST', route: '/api/v1/order/list', userId: 1, userName: '管理员', requestId: 'r-1', createdAt: '2026-11-28T08:00:00Z' },
];
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
  if (url.endsWith('/log/error/list/export')) return new Response(new Blob(['xlsx']), { status: 200, headers: { 'X-Export-Rows': '1' } });
  if (url.endsWith('/log/error/list')) return envelope({ items: errors, pageIndex: 1, pageSize: 20, totalCount: 1, totalPage: 1 });
  return envelope([]);
});
const exportBody = () => {
  const call = fetchMock.mock.calls.find(([url]) => url.endsWith('/log/error/list/export'));
  return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : undefined;
};

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:log'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  setLanguage('zh');
});

describe('a log screen’s 导出当前列表', { timeout: 60_000 }, () => {
  it('posts the filters as the list call sends them (not the form’s values) with the columns the user sees', async () => {
    renderWithProviders(<ErrorLogPage />, { permissions: ['log:error'] });
    const page = await screen.findByTestId('log-error');
    await waitFor(() => expect(page.textContent).toContain('boom'));
    fireEvent.change(screen.getByTestId('log-filter-text'), { target: { value: '  boom  ' } });
    fireEvent.click(page.querySelector('button[type="submit"]')!);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => url.endsWith('/log/error/list') && String(init?.body).includes('"text":"boom"'))).toBe(true),
    );
    fireEvent.click(within(page).getByTestId('list-export'));
    await waitFor(() => expect(exportBody()).toBeDefined());
    expect(exportBody()).toEqual({
      text: 'boom',
      columns: [
        { key: 'message', title: '错误信息' },
        { key: 'route', title: '路由' },
        { key: 'userName', title: '操作人' },
        { key: 'requestId', title: '请求编号' },
        { key: 'createdAt', title: '时间' },
      ],
    });
  });
});
