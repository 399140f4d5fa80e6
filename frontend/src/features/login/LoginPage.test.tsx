import { act, fireEvent, screen } from '@testing-library/react';
import { App } from 'antd';
import forge from 'node-forge';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSession } from '@/shared/session/session';
import { getToken } from '@/shared/request';
import { envelope, render } from '@/test/render';
import { LoginPage } from './LoginPage';

const keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
const settings = {
  publicKey: forge.pki.publicKeyToPem(keys.publicKey),
  title: '货代业务管理系统',
  titleEn: 'Forwarder back office',
  logo: null,
  rsaEnabled: true,
  passwordMinLength: 6,
  passwordMaxLength: 20,
};

/**
 * The server: the login settings (`initialize`, asked for each time), and the sign-in call answered by
 * `signIn` (given the decrypted credentials).
 */
function serve(signIn: (credentials: { account: string; password: string }) => Response, initialize: () => object = () => settings) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url.endsWith('/login/initialize')) return envelope(initialize());
    if (url.endsWith('/login/user')) {
      const { param } = JSON.parse(String(init.body)) as { param: string };
      return signIn(JSON.parse(forge.util.decodeUtf8(keys.privateKey.decrypt(forge.util.decode64(param), 'RSAES-PKCS1-V1_5'))));
    }
    throw new Error(`unexpected ${init.method} ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The sign-in page as the app shows it, without a query client: it must need none (app/session/loginSettings.ts). */
function renderSignIn() {
  render(
    <App>
      <MemoryRouter initialEntries={['/login?redirect=%2Fbase%2Fdict']}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/base/dict" element={<p>dictionaries</p>} />
        </Routes>
      </MemoryRouter>
    </App>,
  );
}

async function signInAs(account: string, password: string) {
  const submit = await screen.findByTestId('login-submit');
  await vi.waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
  fireEvent.change(screen.getByTestId('login-account'), { target: { value: account } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
  await act(async () => fireEvent.click(submit));
}

beforeEach(() => resetSession());

describe('the sign-in page', () => {
  it('sends the credentials encrypted with the server’s key, begins the session and goes where the user was headed', async () => {
    const fetchMock = serve(({ account, password }) =>
      account === 'admin' && password === 'admin123'
        ? envelope({ token: 'access', refreshToken: 'refresh', userid: 1, username: '管理员', account: 'admin' })
        : new Response(JSON.stringify({ success: false, code: 400, message: '账号或密码错误', data: null }), { status: 400 }),
    );
    renderSignIn();
    await signInAs(' admin ', 'admin123');
    expect(await screen.findByText('dictionaries')).toBeTruthy();
    expect(getToken()).toBe('access');
    expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('/login/user'))).toHaveLength(1);
  });

  it('stays ready for another try when the server refuses the credentials', async () => {
    serve(() => new Response(JSON.stringify({ success: false, code: 400, message: '账号或密码错误', data: null }), { status: 400 }));
    renderSignIn();
    await signInAs('admin', 'wrong-password');
    await vi.waitFor(() => expect(screen.getByTestId('login-submit').classList.contains('ant-btn-loading')).toBe(false));
    expect(screen.getByTestId('login-submit').hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('dictionaries')).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('says while the demo data loads how far it is, lets the staff sign in meanwhile, and drops the notice once it is loaded', async () => {
    let progress: object | null = { day: 12, days: 90, orders: 40 };
    const fetchMock = serve(
      () => envelope({ token: 'access', refreshToken: 'refresh', userid: 1, username: '管理员', account: 'admin' }),
      () => ({ ...settings, demoLoading: progress }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderSignIn();
      expect((await screen.findByTestId('login-demo-loading')).textContent).toBe('演示数据加载中（第 12/90 天，40 个订单），已可登录');
      expect(screen.getByTestId('login-submit').hasAttribute('disabled')).toBe(false);
      progress = null;
      await act(async () => vi.advanceTimersByTimeAsync(5000));
      await vi.waitFor(() => expect(screen.queryByTestId('login-demo-loading')).toBeNull());
      const asked = fetchMock.mock.calls.filter(([url]) => url.endsWith('/login/initialize')).length;
      await act(async () => vi.advanceTimersByTimeAsync(15_000));
      // loaded: the page stops asking
      expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('/login/initialize'))).toHaveLength(asked);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows no notice when the server loads no demo data', async () => {
    const fetchMock = serve(() => envelope(null));
    renderSignIn();
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/login/initialize'))).toBe(true));
    await vi.waitFor(() => expect(screen.getByTestId('login-submit').hasAttribute('disabled')).toBe(false));
    expect(screen.queryByTestId('login-demo-loading')).toBeNull();
  });
});
