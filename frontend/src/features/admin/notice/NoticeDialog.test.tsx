import { NOTICE_CONTENT_MAX_LENGTH } from '@forwarder/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, serveData } from '@/test/render';
import { NoticeDialog } from './NoticeDialog';

/** Types `html` into the editor as the browser's editing would leave it. */
function write(html: string) {
  const editor = screen.getByTestId('notice-content');
  editor.innerHTML = html;
  fireEvent.input(editor);
}

// antd forms render slowly in jsdom, more so on a busy machine
describe('NoticeDialog', { timeout: 30_000 }, () => {
  it("counts the content against the server's limit and refuses more before sending", async () => {
    const fetchMock = serveData(() => ({ items: [], pageIndex: 1, pageSize: 200, totalCount: 0, totalPage: 0 }));
    renderWithProviders(<NoticeDialog onClose={vi.fn()} onSaved={vi.fn()} />, { permissions: ['notice:add'] });
    fireEvent.change(await screen.findByTestId('notice-title'), { target: { value: '放假通知' } });
    write('<p>国庆</p>');
    await waitFor(() => expect(screen.getByTestId('notice-content-count').textContent).toBe(`9 / ${NOTICE_CONTENT_MAX_LENGTH} 个字符（含格式）`));
    write(`<p>${'通'.repeat(NOTICE_CONTENT_MAX_LENGTH)}</p>`);
    fireEvent.click(screen.getByRole('button', { name: /确/ }));
    expect(await screen.findByText(`内容（含格式）不能超过 ${NOTICE_CONTENT_MAX_LENGTH} 个字符`, {}, { timeout: 10_000 })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/notice/add'))).toBe(false);
  });
});
