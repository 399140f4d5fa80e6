import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearErrorLog, useErrorLog } from '@/shared/errorLog/errorLog';
import { setLanguage } from '@/shared/i18n';
import { renderHook } from '@testing-library/react';
import { configureRequest, http, RequestError } from './client';
import { getRefreshToken, getToken, setTokens } from './tokens';

function envelope(data: unknown, init: { status?: number; success?: boolean; message?: string; headers?: Record<string, string> } = {}) {
  const status = init.status ?? 200;
  return new Response(JSON.stringify({ success: init.success ?? status < 400, code: status, message: init.message ?? '', data }), {
    status,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

function jwt(expiresInSeconds: number): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + expiresInSeconds })).replace(/=+$/, '');
  return `header.${payload}.signature`;
}

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const hooks = { onSessionEnded: vi.fn(), onForbidden: vi.fn() };

function header(call: number, name: string): string | null {
  return new Headers(fetchMock.mock.calls[call][1].headers).get(name);
}

beforeEach(() => {
  fetchMock.mockReset();
  hooks.onSessionEnded.mockReset();
  hooks.onForbidden.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureRequest(hooks);
  clearErrorLog();
  setLanguage('zh');
});

describe('request client', () => {
  it('unwraps the envelope and sends the bearer token and the language', async () => {
    setTokens({ token: 'access', refreshToken: 'refresh' });
    setLanguage('en');
    fetchMock.mockResolvedValue(envelope({ id: 1 }));
    await expect(http.get('/user/info/view')).resolves.toEqual({ id: 1 });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/user/info/view');
    expect(header(0, 'Authorization')).toBe('Bearer access');
    expect(header(0, 'X-Authorization')).toBeNull();
    expect(header(0, 'Accept-Language')).toBe('en');
  });

  it('stores the tokens a response hands out in its headers', async () => {
    setTokens({ token: 'old', refreshToken: 'old-refresh' });
    fetchMock.mockResolvedValue(envelope(null, { headers: { 'access-token': 'new', 'x-access-token': 'new-refresh' } }));
    await http.post('/menu/router');
    expect([getToken(), getRefreshToken()]).toEqual(['new', 'new-refresh']);
  });

  it('forgets the tokens when a header says invalid_token', async () => {
    setTokens({ token: 'old', refreshToken: 'old-refresh' });
    fetchMock.mockResolvedValue(envelope(null, { headers: { 'access-token': 'invalid_token' } }));
    await http.post('/menu/router');
    expect([getToken(), getRefreshToken()]).toEqual([null, null]);
  });

  it('sends the refresh token along when the access token has expired', async () => {
    setTokens({ token: jwt(-60), refreshToken: 'refresh' });
    fetchMock.mockResolvedValue(envelope(null));
    await http.get('/user/info/view');
    expect(header(0, 'X-Authorization')).toBe('Bearer refresh');
  });

  it('does not send the refresh token with a token that is still valid', async () => {
    setTokens({ token: jwt(3600), refreshToken: 'refresh' });
    fetchMock.mockResolvedValue(envelope(null));
    await http.get('/user/info/view');
    expect(header(0, 'X-Authorization')).toBeNull();
  });

  it('retries a 401 once with the refresh token, holding concurrent requests until the tokens are renewed', async () => {
    setTokens({ token: 'old', refreshToken: 'r1' });
    let renew!: () => void;
    const renewed = new Promise<void>((resolve) => (renew = resolve));
    fetchMock.mockImplementation(async (_url, init) => {
      const headers = new Headers(init.headers);
      if (headers.get('X-Authorization') === 'Bearer r1') {
        await renewed;
        return envelope('refreshed', { headers: { 'access-token': 'new', 'x-access-token': 'r2' } });
      }
      return headers.get('Authorization') === 'Bearer new' ? envelope('ok') : envelope(null, { status: 401, message: 'expired' });
    });

    const first = http.get('/a');
    const second = http.get('/b');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    renew();

    await expect(first).resolves.toBe('refreshed');
    await expect(second).resolves.toBe('ok');
    const refreshes = fetchMock.mock.calls.filter(([, init]) => new Headers(init.headers).has('X-Authorization'));
    expect(refreshes).toHaveLength(1);
    expect(getRefreshToken()).toBe('r2');
    expect(hooks.onSessionEnded).not.toHaveBeenCalled();
  });

  it('ends the session once when the refresh token is refused', async () => {
    setTokens({ token: 'old', refreshToken: 'dead' });
    fetchMock.mockImplementation(async (_url, init) =>
      new Headers(init.headers).has('X-Authorization')
        ? envelope(null, { status: 401, message: '登录已失效', headers: { 'access-token': 'invalid_token' } })
        : envelope(null, { status: 401, message: 'expired' }),
    );
    await expect(http.get('/a')).rejects.toMatchObject({ status: 401, message: '登录已失效' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(getToken()).toBeNull();
    expect(hooks.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('sends a forbidden user to 403, or to sign-in without a token', async () => {
    fetchMock.mockResolvedValue(envelope(null, { status: 403, message: 'no' }));
    setTokens({ token: 'access', refreshToken: 'refresh' });
    await expect(http.get('/a')).rejects.toBeInstanceOf(RequestError);
    expect(hooks.onForbidden).toHaveBeenCalledTimes(1);
    localStorage.clear();
    await expect(http.get('/a')).rejects.toBeInstanceOf(RequestError);
    expect(hooks.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('turns a 400 with field messages into one sentence and logs it', async () => {
    fetchMock.mockResolvedValue(envelope(null, { status: 400, message: JSON.stringify({ account: ['账号不能为空'], password: ['密码不能为空'] }) }));
    await expect(http.post('/login/user', {})).rejects.toMatchObject({ status: 400, message: '账号不能为空；密码不能为空' });
    const { result } = renderHook(() => useErrorLog());
    expect(result.current[0]).toMatchObject({ message: '账号不能为空；密码不能为空', stack: 'POST /api/v1/login/user → 400' });
  });

  it('rejects an envelope that says success false even with HTTP 200', async () => {
    fetchMock.mockResolvedValue(envelope(null, { status: 200, success: false, message: '原密码错误' }));
    await expect(http.post('/login/modifyPwd', {})).rejects.toMatchObject({ message: '原密码错误' });
  });

  it('explains failures without a message by their status, and network failures as status 0', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    await expect(http.get('/a')).rejects.toMatchObject({ status: 502, message: '网关错误' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(http.get('/a')).rejects.toMatchObject({ status: 0, message: '网络连接中断，无法获得服务器的响应' });
  });

  it("shows the server's message when the database cannot be reached, and logs it", async () => {
    setLanguage('en');
    const message = 'The database cannot be reached at the moment; please try again shortly';
    fetchMock.mockResolvedValue(envelope(null, { status: 503, message, headers: { 'retry-after': '5' } }));
    await expect(http.get('/order/list')).rejects.toMatchObject({ status: 503, message });
    const { result } = renderHook(() => useErrorLog());
    expect(result.current[0]).toMatchObject({ message, stack: 'GET /api/v1/order/list → 503' });
    expect(hooks.onSessionEnded).not.toHaveBeenCalled();
    // a 503 from a proxy in front of the server, without the envelope
    fetchMock.mockResolvedValue(new Response('Service Unavailable', { status: 503, headers: { 'content-type': 'text/plain' } }));
    await expect(http.get('/order/list')).rejects.toMatchObject({ status: 503, message: 'Service unavailable; the server is overloaded or under maintenance' });
  });

  it('quotes the request id of a server failure in its message, so the user can report it', async () => {
    const requestId = '0b9c6f1e-2d4a-4c61-9a57-3f0e8f6b2a10';
    fetchMock.mockResolvedValueOnce(envelope(null, { status: 500, message: '服务器错误，请稍后重试', headers: { 'x-request-id': requestId } }));
    await expect(http.post('/order/enum/shipType')).rejects.toMatchObject({
      status: 500,
      requestId,
      message: `服务器错误，请稍后重试（请求编号：${requestId}）`,
    });
    const { result } = renderHook(() => useErrorLog());
    expect(result.current[0]).toMatchObject({ message: `服务器错误，请稍后重试（请求编号：${requestId}）` });
    // the envelope's id is the server's word; a proxy's 502 without one names it in the header alone
    setLanguage('en');
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: false, code: 500, message: 'Server error', data: null, requestId: 'edge-1' }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await expect(http.get('/a')).rejects.toMatchObject({ requestId: 'edge-1', message: 'Server error (Request ID: edge-1)' });
    fetchMock.mockResolvedValueOnce(
      new Response('<html>bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html', 'x-request-id': 'edge-2' } }),
    );
    await expect(http.get('/a')).rejects.toMatchObject({ status: 502, message: 'Gateway error (Request ID: edge-2)' });
  });

  it("keeps a refusal's message as it is: the user can act on it without reporting it", async () => {
    fetchMock.mockResolvedValue(envelope(null, { status: 409, message: '数据已被他人修改，请刷新后重试', headers: { 'x-request-id': 'r-409' } }));
    await expect(http.post('/a')).rejects.toMatchObject({ status: 409, requestId: 'r-409', message: '数据已被他人修改，请刷新后重试' });
  });

  it('sends form data as a query-string body and query parameters in the URL', async () => {
    fetchMock.mockResolvedValue(envelope(null));
    await http.post('/customers/list', { name: '张三', page: 1, skip: undefined }, { form: true, params: { key: 'a b' } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/customers/list?key=a+b');
    expect(String(init.body)).toBe('name=%E5%BC%A0%E4%B8%89&page=1');
  });
});

describe('idempotent creates', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const keys = () => fetchMock.mock.calls.map((_, call) => header(call, 'Idempotency-Key'));
  const busy = (status: number, retryAfter: string) => envelope(null, { status, message: '稍后重试', headers: { 'retry-after': retryAfter } });

  beforeEach(() => setTokens({ token: 'access', refreshToken: 'refresh' }));

  it('makes its keys without crypto.randomUUID, which a page served over plain HTTP lacks', async () => {
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    try {
      fetchMock.mockImplementation(async () => envelope({ id: 1 }));
      await http.put('/question/add', { title: 'a' });
      expect(header(0, 'Idempotency-Key')).toMatch(UUID);
    } finally {
      vi.unstubAllGlobals();
      vi.stubGlobal('fetch', fetchMock);
    }
  });

  it('sends each submission of a create under a fresh Idempotency-Key, and no key with other calls', async () => {
    fetchMock.mockImplementation(async () => envelope({ id: 1 }));
    await http.put('/question/add', { title: 'a' });
    await http.put('/question/add', { title: 'a' });
    await http.post('/order/finance/add/receivable', {});
    await http.post('/question/list', {});
    await http.post('/question/update', {});
    await http.get('/question/detail/1');
    const [first, second, third, ...others] = keys();
    expect([first, second, third]).toEqual([expect.stringMatching(UUID), expect.stringMatching(UUID), expect.stringMatching(UUID)]);
    expect(new Set([first, second, third]).size).toBe(3);
    expect(others).toEqual([null, null, null]);
  });

  it('sends a create again under the same key when the network lost its answer, and resolves with the answer', async () => {
    vi.useFakeTimers();
    try {
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockRejectedValueOnce(new TypeError('Failed to fetch'));
      fetchMock.mockResolvedValueOnce(envelope({ id: 7 }));
      const created = http.put('/question/add', { title: 'a' });
      await vi.runAllTimersAsync();
      await expect(created).resolves.toEqual({ id: 7 });
    } finally {
      vi.useRealTimers();
    }
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(new Set(keys()).size).toBe(1);
    expect(fetchMock.mock.calls.map(([, init]) => init.body)).toEqual(Array(3).fill(JSON.stringify({ title: 'a' })));
  });

  it('waits as a 503 or a 409 with Retry-After asks, then sends the create again under the same key', async () => {
    vi.useFakeTimers();
    try {
      fetchMock
        .mockResolvedValueOnce(busy(503, '2'))
        .mockResolvedValueOnce(busy(409, '1'))
        .mockResolvedValueOnce(envelope({ id: 8 }));
      const created = http.post('/order/finance/add/receivable', { amount: 1 });
      await vi.advanceTimersByTimeAsync(1999);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1000);
      await expect(created).resolves.toEqual({ id: 8 });
    } finally {
      vi.useRealTimers();
    }
    expect(new Set(keys()).size).toBe(1);
  });

  it('gives up after three retries, with the last failure', async () => {
    vi.useFakeTimers();
    try {
      fetchMock.mockImplementation(async () => busy(503, '1'));
      const created = http.put('/question/add', { title: 'a' });
      const settled = expect(created).rejects.toMatchObject({ status: 503, message: '稍后重试' });
      await vi.runAllTimersAsync();
      await settled;
    } finally {
      vi.useRealTimers();
    }
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('sends other calls once: a failed list or update, a 409 without Retry-After (a stale record), a refusal', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(http.post('/question/update', {})).rejects.toMatchObject({ status: 0 });
    fetchMock.mockResolvedValueOnce(envelope(null, { status: 409, message: '数据已被他人修改，请刷新后重试' }));
    await expect(http.put('/question/add', {})).rejects.toMatchObject({ status: 409 });
    fetchMock.mockResolvedValueOnce(envelope(null, { status: 422, message: '该 Idempotency-Key 已用于另一份内容不同的请求' }));
    await expect(http.put('/question/add', {})).rejects.toMatchObject({ status: 422 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not send again a create the caller aborted', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(http.put('/question/add', {}, { signal: controller.signal })).rejects.toThrow('aborted');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
