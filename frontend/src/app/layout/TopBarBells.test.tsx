import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/shared/i18n';
import type { Access } from '@/shared/permission';
import { renderInApp, serveData } from '@/test/render';
import { TopBar } from './TopBar';

const both: Access = { roles: ['operator'], permissions: ['topbar:notice', 'order:bbs'], isSuperAdmin: false };

/** The server: 3 unread notices, 5 order issues waiting; anything else answers empty (test/setup.ts stands in for ResizeObserver). */
const answerCounts = () => serveData((url) => (url.endsWith('/notice/my/unread/count') ? 3 : url.endsWith('/order/bbs/notice/count') ? 5 : null));

const renderTopBar = () =>
  renderInApp(<TopBar routes={[]} chain={[]} collapsed={false} onToggleCollapsed={() => undefined} onRefresh={() => undefined} />, {
    access: both,
    router: true,
  });

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
