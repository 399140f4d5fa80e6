import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/i18n';
import { AccessProvider, type Access } from '@/shared/permission';
import { TopBar } from './TopBar';

const both: Access = { roles: ['operator'], permissions: ['topbar:notice', 'order:bbs'], isSuperAdmin: false };

/** The server: 3 unread notices, 5 order issues waiting; anything else answers empty. */
function answerCounts() {
  // jsdom has no ResizeObserver; the breadcrumb and the badges measure themselves with it
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const data = url.endsWith('/notice/my/unread/count') ? 3 : url.endsWith('/order/bbs/notice/count') ? 5 : null;
      return new Response(JSON.stringify({ success: true, code: 200, message: '', data }), { headers: { 'content-type': 'application/json' } });
    }),
  );
}

function renderTopBar() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AccessProvider value={both}>
          <App>
            <TopBar routes={[]} chain={[]} collapsed={false} onToggleCollapsed={() => undefined} onRefresh={() => undefined} />
          </App>
        </AccessProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const iconOf = (button: HTMLElement) => button.querySelector('.anticon')?.getAttribute('aria-label');

describe('the top bar: notices and order issues', () => {
  it('are two different icons, each named by its tooltip, each with its own badge', async () => {
    answerCounts();
    renderTopBar();
    const notices = await screen.findByTestId('notice-bell');
    const issues = await screen.findByTestId('bbs-bell');
    expect(iconOf(notices)).toBe('notification');
    expect(iconOf(issues)).toBe('message');
    expect(notices.getAttribute('aria-label')).toBe('通知');
    expect(issues.getAttribute('aria-label')).toBe('订单问题');

    fireEvent.mouseEnter(issues);
    expect((await screen.findByRole('tooltip')).textContent).toBe('订单问题');
    fireEvent.mouseEnter(notices);
    await waitFor(() => expect(screen.getAllByRole('tooltip').map((tip) => tip.textContent)).toContain('通知'));

    await waitFor(() => expect(notices.dataset.unread).toBe('3'));
    await waitFor(() => expect(issues.dataset.count).toBe('5'));
    expect(screen.getByTestId('bbs-bell-badge').querySelector('.ant-badge-count')?.getAttribute('title')).toBe('5');
    expect(notices.closest('.ant-badge')?.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('3');
  });

  it('name themselves in English', async () => {
    answerCounts();
    setLanguage('en');
    try {
      renderTopBar();
      expect((await screen.findByTestId('notice-bell')).getAttribute('aria-label')).toBe('Notifications');
      const issues = await screen.findByTestId('bbs-bell');
      expect(issues.getAttribute('aria-label')).toBe('Order issues');
      fireEvent.mouseEnter(issues);
      expect((await screen.findByRole('tooltip')).textContent).toBe('Order issues');
    } finally {
      setLanguage('zh');
    }
  });
});
