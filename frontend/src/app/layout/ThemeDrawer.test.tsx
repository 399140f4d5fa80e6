import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getTheme, resetTheme } from '@/app/theme';
import type { Access } from '@/shared/permission';
import { renderInApp, serveData } from '@/test/render';
import { TopBar } from './TopBar';

const access: Access = { roles: ['operator'], permissions: ['topbar:notice', 'order:bbs'], isSuperAdmin: false };

const renderTopBar = () =>
  renderInApp(<TopBar routes={[]} chain={[]} collapsed={false} onToggleCollapsed={() => undefined} onRefresh={() => undefined} />, {
    access: access,
    router: true,
  });

beforeEach(() => {
  serveData(() => 0);
});
afterEach(resetTheme);

const tools = () =>
  ['topbar-search', 'notice-bell', 'bbs-bell', 'fullscreen-button', 'language-switch', 'topbar-refresh'].filter((id) => screen.queryByTestId(id));

describe('the theme drawer of the top bar', () => {
  it('shows by default refresh, search, notices and full screen, but not the language switcher', async () => {
    renderTopBar();
    await screen.findByTestId('bbs-bell');
    expect(tools()).toEqual(['topbar-search', 'notice-bell', 'bbs-bell', 'fullscreen-button', 'topbar-refresh']);
  });

  it('opens from the theme button and applies each option at once, keeping it in this browser', async () => {
    renderTopBar();
    fireEvent.click(screen.getByTestId('topbar-theme'));
    const drawer = await screen.findByTestId('theme-drawer');
    expect(drawer.textContent).toContain('主题配置');

    fireEvent.click(screen.getByTestId('theme-showLanguage'));
    expect(screen.getByTestId('language-switch')).toBeTruthy();
    fireEvent.click(screen.getByTestId('theme-showSearch'));
    fireEvent.click(screen.getByTestId('theme-showNotice'));
    fireEvent.click(screen.getByTestId('theme-showFullScreen'));
    fireEvent.click(screen.getByTestId('theme-showRefresh'));
    await waitFor(() => expect(tools()).toEqual(['language-switch']));

    fireEvent.click(screen.getByTestId('theme-layout-horizontal'));
    expect(getTheme().layout).toBe('horizontal');
    expect(JSON.parse(localStorage.getItem('theme')!)).toMatchObject({ layout: 'horizontal', showLanguage: true, showSearch: false });

    fireEvent.click(screen.getByTestId('theme-reset'));
    await waitFor(() => expect(tools()).toEqual(['topbar-search', 'notice-bell', 'bbs-bell', 'fullscreen-button', 'topbar-refresh']));
  });
});
