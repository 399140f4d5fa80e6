import { beforeEach, describe, expect, it, vi } from 'vitest';
import { node } from '@/test/routeNodes';
import { redirectAfterLogin } from '@/shared/routing/paths';
import { layoutGuard, loginGuard } from './guard';
import { resetSession } from '@/shared/session/session';
import { sessionStore } from '@/shared/session/store';

const info = { id: 7, account: '13812345678', fullName: '张三', isSuperAdmin: false, roleCodes: ['clerk'], rermissionCodes: ['order:modify'] };
const tree = [
  node('/', { levelHidden: true }, [node('/index', { noClosable: true })]),
  { ...node('/base', {}, [node('/base/dict')]), redirect: '/base/dict' },
  node('/log', {}, [node('/log/sql', { guard: { role: ['admin', 'salesman'], mode: 'oneOf' } })]),
];

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

function answer(data: unknown, status = 200): Response {
  return new Response(JSON.stringify({ success: status < 400, code: status, message: status < 400 ? '' : 'failed', data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Where the layout's guard sends a visitor of `path` (with its query), null when the page shows. */
function guard(path: string): Promise<string | null> {
  const url = new URL(`http://localhost${path}`);
  return layoutGuard({ pathname: url.pathname, search: url.search });
}

function signIn() {
  localStorage.setItem('token', 'access');
  localStorage.setItem('refreshToken', 'refresh');
}

beforeEach(() => {
  resetSession();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) =>
    url.endsWith('/user/info/view')
      ? answer(info)
      : url.endsWith('/menu/paths')
        ? answer(['/index', '/base', '/base/dict', '/log', '/log/sql', '/base/staff/list'])
        : answer(tree),
  );
  vi.stubGlobal('fetch', fetchMock);
});

describe('route guard', () => {
  it('sends a visitor without a token to sign-in, remembering the page (but not the bare root)', async () => {
    expect(await guard('/base/dict?tab=2')).toBe('/login?redirect=%2Fbase%2Fdict%3Ftab%3D2');
    expect(await guard('/')).toBe('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the user info and the routes together, once, and lets the page through', async () => {
    signIn();
    const [first, second] = await Promise.all([guard('/index'), guard('/base/dict')]);
    expect([first, second]).toEqual([null, null]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/v1/user/info/view', '/api/v1/menu/router']);
    expect(sessionStore.get()).toMatchObject({ userId: '7', username: '张三', roles: ['clerk'], permissions: ['order:modify'], breakSR: 1 });
    expect(localStorage.getItem('breakSR')).toBe('1');
  });

  it('asks for the routes without waiting for the user info', async () => {
    signIn();
    let answerInfo: (() => void) | undefined;
    fetchMock.mockImplementation((url) =>
      url.endsWith('/user/info/view') ? new Promise((resolve) => (answerInfo = () => resolve(answer(info)))) : Promise.resolve(answer(tree)),
    );
    const decided = guard('/index');
    await vi.waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/v1/menu/router'));
    answerInfo?.();
    expect(await decided).toBeNull();
  });

  it('lets a user who must change the password someone else set through to the change page at any address, asking nothing past who they are and their (empty) routes', async () => {
    signIn();
    fetchMock.mockImplementation(async (url) =>
      url.endsWith('/user/info/view') ? answer({ ...info, mustChangePassword: true }) : url.endsWith('/menu/router') ? answer([]) : answer(null, 403),
    );
    expect(await guard('/log/sql')).toBeNull();
    expect(await guard('/no/such/page')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/v1/user/info/view', '/api/v1/menu/router']);
    expect(sessionStore.get()).toMatchObject({ mustChangePassword: true, routes: [] });
  });

  it('drops the routes whose guard the user fails: a page of the product they may not see is 403', async () => {
    signIn();
    expect(await guard('/log/sql')).toBe('/403');
    expect(await guard('/base/staff/list/')).toBe('/403');
    // the product's paths are asked once a session
    expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('/menu/paths'))).toHaveLength(1);
  });

  it('says 404 when the product’s paths cannot be had', async () => {
    signIn();
    fetchMock.mockImplementation(async (url) =>
      url.endsWith('/user/info/view') ? answer(info) : url.endsWith('/menu/paths') ? answer(null, 500) : answer(tree),
    );
    expect(await guard('/log/sql')).toBe('/404');
  });

  it('sends unknown paths to 404, the root to the workbench and a directory to its redirect', async () => {
    signIn();
    expect(await guard('/no/such/page')).toBe('/404');
    expect(await guard('/')).toBe('/index');
    expect(await guard('/base')).toBe('/base/dict');
  });

  it('resets the whole session and goes to sign-in when loading fails', async () => {
    signIn();
    localStorage.setItem('username', 'stale');
    fetchMock.mockImplementation(async () => answer(null, 500));
    expect(await guard('/index')).toBe('/login?redirect=%2Findex');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('username')).toBeNull();
    expect(localStorage.getItem('breakSR')).toBe('0');
    expect(sessionStore.get().routes).toBeNull();
  });

  it('keeps the session and shows the reason when the server or its database is away for a moment', async () => {
    signIn();
    fetchMock.mockImplementation(async () => answer(null, 503));
    await expect(guard('/index')).rejects.toMatchObject({ status: 503, message: 'failed' });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(guard('/index')).rejects.toMatchObject({ status: 0 });
    expect(localStorage.getItem('token')).toBe('access');
    fetchMock.mockImplementation(async (url) =>
      url.endsWith('/user/info/view')
        ? answer(info)
        : url.endsWith('/menu/paths')
          ? answer(['/index', '/base', '/base/dict', '/log', '/log/sql', '/base/staff/list'])
          : answer(tree),
    );
    expect(await guard('/index')).toBeNull();
  });

  it('sends a signed-in user away from the sign-in page to the workbench', () => {
    expect(loginGuard()).toBeNull();
    signIn();
    expect(loginGuard()).toBe('/index');
  });

  it('goes back after sign-in only to a path of this site', () => {
    expect(redirectAfterLogin('/base/dict?tab=2')).toBe('/base/dict?tab=2');
    expect(redirectAfterLogin(null)).toBe('/');
    expect(redirectAfterLogin('//evil.example')).toBe('/');
    expect(redirectAfterLogin('https://evil.example')).toBe('/');
    expect(redirectAfterLogin('/login')).toBe('/');
  });
});
