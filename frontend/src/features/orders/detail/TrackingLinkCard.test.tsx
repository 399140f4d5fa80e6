import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@/test/render';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/i18n';
import { AccessProvider } from '@/shared/permission';
import { setTokens } from '@/shared/request';
import type { TrackingLink } from './api';
import { TrackingLinkCard, trackingUrl } from './TrackingLinkCard';

const WAIT = { timeout: 5000 };
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';

function envelope(data: unknown, status = 200) {
  return new Response(JSON.stringify({ success: status < 400, code: status, message: '', data }), { status, headers: { 'content-type': 'application/json' } });
}

let link: TrackingLink;
const fetchMock = vi.fn(async (url: string): Promise<Response> => {
  const path = url.replace('/api/v1', '');
  if (path === '/order/tracking/7') return envelope(link);
  if (path === '/order/tracking/renew/7') {
    const token = 'NewNewNewNewNewNewNewNe';
    return envelope((link = { ...link, token, url: `https://track.example.com/t/${token}`, revoked: false }));
  }
  if (path === '/order/tracking/revoke/7') return envelope((link = { ...link, revoked: true }));
  throw new Error(`unexpected ${path}`);
});

function renderCard(permissions: string[]) {
  render(
    <App>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AccessProvider value={{ roles: [], permissions, isSuperAdmin: false }}>
          <TrackingLinkCard order={{ id: 7 }} />
        </AccessProvider>
      </QueryClientProvider>
    </App>,
  );
}

beforeEach(() => {
  link = { orderId: 7, token: TOKEN, url: `https://track.example.com/t/${TOKEN}`, revoked: false, views: 3, lastViewedAt: '2026-11-26T02:00:00.000Z' };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  setTokens({ token: 'access', refreshToken: 'refresh' });
  setLanguage('zh');
});

describe('the tracking link of the order detail', { timeout: 30_000 }, () => {
  it("builds the link from PUBLIC_BASE_URL, or says it falls back to this browser's address", () => {
    expect(trackingUrl(link, 'http://10.0.0.5:3000')).toBe(`https://track.example.com/t/${TOKEN}`);
    expect(trackingUrl({ ...link, url: null }, 'http://10.0.0.5:3000')).toBe(`http://10.0.0.5:3000/t/${TOKEN}`);
  });

  it('shows the link, how often it was viewed, and no actions to staff who may not edit the order', async () => {
    renderCard(['order:detail']);
    expect((await screen.findByTestId('tracking-url', {}, WAIT)).textContent).toContain(`https://track.example.com/t/${TOKEN}`);
    expect(screen.getByTestId('tracking-views').textContent).toContain('已查看 3 次');
    expect(screen.queryByTestId('tracking-no-base-url')).toBeNull();
    expect(screen.queryByTestId('tracking-renew')).toBeNull();
    expect(screen.queryByTestId('tracking-revoke')).toBeNull();
  });

  it('warns when PUBLIC_BASE_URL is not configured', async () => {
    link = { ...link, url: null };
    renderCard(['order:detail']);
    expect(await screen.findByTestId('tracking-no-base-url', {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId('tracking-url').textContent).toContain(`/t/${TOKEN}`);
  });

  it('revokes the link after a confirmation, then offers a new one', async () => {
    renderCard(['order:detail', 'order:modify']);
    fireEvent.click(await screen.findByTestId('tracking-revoke', {}, WAIT));
    fireEvent.click(await screen.findByRole('button', { name: /确\s?定|OK/ }, WAIT));
    await waitFor(() => expect(screen.getByText('已撤销')).toBeTruthy(), WAIT);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/order/tracking/revoke/7'))).toBe(true);
    expect(screen.queryByTestId('tracking-revoke')).toBeNull();
    fireEvent.click(screen.getByTestId('tracking-renew'));
    // the revoke confirmation may linger hidden: the renew one is the last opened
    await waitFor(() => expect(screen.getAllByText('生成新链接后，旧链接和已打印标签上的二维码将失效，确定吗？')).toHaveLength(1), WAIT);
    const confirms = screen.getAllByRole('button', { name: /确\s?定|OK/ });
    fireEvent.click(confirms[confirms.length - 1]);
    await waitFor(() => expect(screen.getByTestId('tracking-url').textContent).toContain('NewNewNewNewNewNewNewNe'), WAIT);
  });
});
