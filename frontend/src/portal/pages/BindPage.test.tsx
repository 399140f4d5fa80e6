import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/i18n';
import { bodyOf, mockApi } from '@/test/render';
import { endSession, getPortalToken } from '../session';
import { ACCOUNT, decryptPassword, LAZY, publicKeyPem, renderPortal } from '../testing';

// the hub connection is live/usePortalHub.test.ts's: here it stays closed
vi.mock('../live/usePortalHub', () => ({ usePortalHub: () => undefined }));

const PREVIEW = { companyName: ACCOUNT.companyName, customerCode: 'C0042', expiresAt: '2026-11-30T02:00:00.000Z' };
const SIGNED_IN = { token: 'portal-token-1', expiresIn: 7200, account: ACCOUNT };

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the binding screen (/m/bind?code=…)', () => {
  beforeEach(() => setLanguage('zh'));
  afterEach(() => endSession('signedOut'));

  it('shows the company of the code, checks the form, binds with the RSA-sealed password and signs in', async () => {
    const api = mockApi({
      '/portal/bind/preview?bindCode=QR-123': () => PREVIEW,
      '/login/initialize': () => ({ publicKey: publicKeyPem }),
      '/portal/bind': () => SIGNED_IN,
      '/portal/orders?page=1&size=20': () => ({ list: [], total: 0, page: 1, size: 20 }),
      '/portal/me': () => SIGNED_IN.account,
    });
    const view = renderPortal('/bind?code=QR-123');
    expect(await screen.findByText(PREVIEW.companyName)).toBeTruthy();
    expect(screen.getByText('C0042')).toBeTruthy();

    fireEvent.click(screen.getByTestId('portal-bind-submit'));
    expect(screen.getByText('请填写您的姓名')).toBeTruthy();
    expect(screen.getByText('请填写手机号或邮箱')).toBeTruthy();
    expect(screen.getByText('密码须为 8 到 64 位')).toBeTruthy();

    fill('您的姓名', '王芳');
    fill('手机号或邮箱', 'wangfang');
    fill('密码', 'Cargo-2026!');
    fill('再次输入密码', 'Cargo-2026?');
    fireEvent.click(screen.getByTestId('portal-bind-submit'));
    expect(screen.getByText('请输入正确的手机号或邮箱')).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    expect(api.mock.calls.some(([url]) => String(url).endsWith('/portal/bind'))).toBe(false);

    fill('手机号或邮箱', '138 0013 8000');
    fill('再次输入密码', 'Cargo-2026!');
    fireEvent.click(screen.getByTestId('portal-bind-submit'));
    await waitFor(() => expect(view.location()).toBe('/orders'), LAZY);
    const bind = api.mock.calls.find(([url]) => String(url).endsWith('/portal/bind'))!;
    const sent = bodyOf(bind[1]);
    expect(sent).toMatchObject({ bindCode: 'QR-123', name: '王芳', account: '138 0013 8000' });
    expect(sent.password).not.toBe('Cargo-2026!');
    expect(decryptPassword(String(sent.password))).toBe('Cargo-2026!');
    expect(getPortalToken()).toBe('portal-token-1');
    expect(localStorage.getItem('portal.token')).toBe('portal-token-1');
    // the staff client's own token is another key, untouched
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("says what is wrong with a used or expired code, in the server's words, and offers no form", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, code: 400, message: '绑定码已使用或已过期', data: null }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    renderPortal('/bind?code=OLD');
    expect(await screen.findByText('绑定码已使用或已过期')).toBeTruthy();
    expect(screen.queryByTestId('portal-bind-submit')).toBeNull();
  });

  it('tells a visitor without a code to scan the QR again, in English when English is chosen', () => {
    setLanguage('en');
    mockApi({});
    renderPortal('/bind');
    expect(screen.getByText('The link has no binding code. Please scan the QR code from your sales contact again.')).toBeTruthy();
  });
});
