import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { AccessProvider, type Access } from '@/shared/permission';
import { NoticeBell } from './NoticeBell';

const reader: Access = { roles: ['salesman'], permissions: ['topbar:notice'], isSuperAdmin: false };

function answerUnread(count: number) {
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify({ success: true, code: 200, message: '', data: count }), { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderBell(access: Access = reader) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <AccessProvider value={access}>
        <App>
          <NoticeBell label="通知" />
        </App>
      </AccessProvider>
    </QueryClientProvider>,
  );
}

describe('NoticeBell', () => {
  it('shows the unread count from the server', async () => {
    const fetchMock = answerUnread(3);
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notice-bell').dataset.unread).toBe('3'));
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/notice/my/unread/count', expect.objectContaining({ method: 'POST' }));
    expect(document.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('3');
  });

  it('shows 99+ above 99', async () => {
    answerUnread(120);
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notice-bell').dataset.unread).toBe('120'));
    expect(document.querySelector('.ant-badge-count')?.textContent).toBe('99+');
  });

  it('hides the badge when nothing is unread', async () => {
    answerUnread(0);
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notice-bell').dataset.unread).toBe('0'));
    expect(document.querySelector('.ant-badge-count')).toBeNull();
  });

  it('is not there for someone without topbar:notice', () => {
    const fetchMock = answerUnread(3);
    renderBell({ roles: [], permissions: [], isSuperAdmin: false });
    expect(screen.queryByTestId('notice-bell')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
