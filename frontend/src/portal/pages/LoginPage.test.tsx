import { fireEvent, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/i18n';
import { bodyOf, mockApi } from '@/test/render';
import { endSession, getPortalToken, startSession } from '../session';
import { ACCOUNT, LAZY, decryptPassword, publicKeyPem, renderPortal } from '../testing';

vi.mock('../live/usePortalHub', () => ({ usePortalHub: () => undefined }));

const ORDERS = {
  list: [
    {
      line: 'smallbag',
      id: 1,
      orderNo: 'SB2611290001',
      stage: 'created',
      stageName: '已登记',
      createdAt: '2026-11-29T01:00:00Z',
      pol: 'Shenzhen',
      pod: 'LAX',
      packages: 3,
      weight: '12.5',
    },
  ],
  total: 1,
  page: 1,
  size: 20,
};

describe('signing in and out of the portal', () => {
  beforeEach(() => setLanguage('zh'));
  afterEach(() => endSession('signedOut'));

  it('asks for both fields, then signs in with the sealed password and shows the orders', async () => {
    const api = mockApi({
      '/login/initialize': () => ({ publicKey: publicKeyPem }),
      '/portal/login': () => ({ token: 'portal-token-2', expiresIn: 7200, account: {} }),
      '/portal/orders?page=1&size=20': () => ORDERS,
      '/portal/me': () => ACCOUNT,
    });
    const view = renderPortal('/login');
    fireEvent.click(screen.getByTestId('portal-login-submit'));
    expect(screen.getByText('请填写手机号或邮箱')).toBeTruthy();
    expect(screen.getByText('请填写密码')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('手机号或邮箱'), { target: { value: 'ops@acme-trading.com' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Cargo-2026!' } });
    fireEvent.click(screen.getByTestId('portal-login-submit'));
    expect(await screen.findByText('SB2611290001', undefined, LAZY)).toBeTruthy();
    expect(view.location()).toBe('/orders');
    const login = bodyOf(api.mock.calls.find(([url]) => String(url).endsWith('/portal/login'))![1]);
    expect(login.account).toBe('ops@acme-trading.com');
    expect(decryptPassword(String(login.password))).toBe('Cargo-2026!');
    expect(getPortalToken()).toBe('portal-token-2');
  });

  it('leaves the signed-in screens for the sign-in, saying why, when the staff force the session off', async () => {
    mockApi({ '/portal/orders?page=1&size=20': () => ORDERS, '/portal/me': () => ACCOUNT });
    startSession('portal-token');
    const view = renderPortal('/orders');
    expect(await screen.findByText('SB2611290001', undefined, LAZY)).toBeTruthy();
    act(() => endSession('forcedOff'));
    await waitFor(() => expect(view.location()).toBe('/login'));
    expect(screen.getByText('您的会话已被客服结束，请重新登录。')).toBeTruthy();
    expect(screen.queryByText('SB2611290001')).toBeNull();
  });

  it('ends the session when the server no longer accepts its token (401)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, code: 401, message: 'token expired', data: null }), {
            status: 401,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    startSession('portal-token');
    const view = renderPortal('/amounts');
    await waitFor(() => expect(view.location()).toBe('/login'));
    expect(getPortalToken()).toBeNull();
    expect(screen.getByText('登录已过期，请重新登录。')).toBeTruthy();
  });

  it('signs out from the account screen', async () => {
    mockApi({
      '/portal/me': () => ACCOUNT,
      '/portal/logout': () => null,
    });
    startSession('portal-token');
    const view = renderPortal('/account');
    expect(await screen.findByText('13800138000', undefined, LAZY)).toBeTruthy();
    fireEvent.click(screen.getByTestId('portal-sign-out'));
    await waitFor(() => expect(view.location()).toBe('/login'));
    expect(screen.getByText('您已退出登录。')).toBeTruthy();
    expect(localStorage.getItem('portal.token')).toBeNull();
  });
});
