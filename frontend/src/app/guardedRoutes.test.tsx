import { render } from '@/test/render';
import { act, screen } from '@testing-library/react';
import { useLocation, useNavigate, MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '@/shared/components/ErrorBoundary';
import { GuardedRoutes, recheckRoute, routerOutside, type GuardedRoute } from './guardedRoutes';

/** Whether the progress bar was asked for, render by render (the bar itself, nprogress, is not drawn here). */
const progress = vi.hoisted(() => ({ asked: [] as boolean[] }));
vi.mock('./progress', () => ({ useProgress: (active: boolean) => progress.asked.push(active) }));
const progressShown = () => progress.asked.at(-1);

/** A guard whose answers the test gives, one call at a time. */
function heldGuard() {
  const calls: { pathname: string; answer: (target: string | null) => void; fail: (error: Error) => void }[] = [];
  const guard = vi.fn(
    (location: { pathname: string }) =>
      new Promise<string | null>((resolve, reject) => {
        calls.push({ pathname: location.pathname, answer: resolve, fail: reject });
      }),
  );
  /** Answers the guard's `call`-th decision (once it has been asked) with a redirect, null or a failure. */
  const settle = async (call: number, outcome: string | null | Error) => {
    await vi.waitFor(() => expect(calls[call]).toBeDefined());
    await act(async () => {
      if (outcome instanceof Error) calls[call].fail(outcome);
      else calls[call].answer(outcome);
    });
  };
  return { guard, calls, settle };
}

/** A page that says which address it was shown on, with a link of a button to go elsewhere. */
function Page({ name }: { name: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/other')}>
      {`${name} at ${pathname}`}
    </button>
  );
}

function renderRoutes(routes: GuardedRoute[], at: string) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <ErrorBoundary fallback={(_retry, error) => <p>{`failed: ${(error as Error).message}`}</p>}>
        <GuardedRoutes routes={routes} loading={<p>loading</p>} />
      </ErrorBoundary>
    </MemoryRouter>,
  );
}

describe('the guarded routes', () => {
  it('shows the loading screen until the guard lets the first page through', async () => {
    const { guard, settle } = heldGuard();
    renderRoutes([{ path: '*', guard, element: <Page name="inside" /> }], '/index');
    expect(screen.getByText('loading')).toBeTruthy();
    await settle(0, null);
    expect(screen.getByText('inside at /index')).toBeTruthy();
  });

  it('follows a redirect without ever showing the page asked for, and decides on the new address too', async () => {
    const { guard, calls, settle } = heldGuard();
    renderRoutes(
      [
        { path: '/login', element: <Page name="sign-in" /> },
        { path: '*', guard, element: <Page name="inside" /> },
      ],
      '/secret',
    );
    await settle(0, '/login?redirect=%2Fsecret');
    expect(await screen.findByText('sign-in at /login')).toBeTruthy();
    expect(screen.queryByText(/inside/)).toBeNull();
    expect(calls.map((call) => call.pathname)).toEqual(['/secret']);
  });

  it('keeps the page shown so far while the next address is decided, and tells plain code a guard is deciding', async () => {
    const { guard, settle } = heldGuard();
    renderRoutes([{ path: '*', guard, element: <Page name="inside" /> }], '/index');
    await settle(0, null);
    expect(routerOutside()).toMatchObject({ deciding: false, location: { pathname: '/index' } });
    await act(async () => screen.getByRole('button').click());
    // the address has changed, the page still shows the one it was let through on
    expect(screen.getByText('inside at /index')).toBeTruthy();
    expect(routerOutside()).toMatchObject({ deciding: true, location: { pathname: '/other' } });
    expect(progressShown()).toBe(true);
    await settle(1, null);
    expect(screen.getByText('inside at /other')).toBeTruthy();
    expect(routerOutside()?.deciding).toBe(false);
    expect(progressShown()).toBe(false);
  });

  it('decides on the current page again when asked, following a redirect the second time', async () => {
    const { guard, settle } = heldGuard();
    renderRoutes(
      [
        { path: '/404', element: <Page name="not found" /> },
        { path: '*', guard, element: <Page name="inside" /> },
      ],
      '/base/dict',
    );
    await settle(0, null);
    act(() => recheckRoute());
    await settle(1, '/404');
    expect(await screen.findByText('not found at /404')).toBeTruthy();
  });

  it('hands a guard’s failure to the nearest error boundary', async () => {
    const { guard, settle } = heldGuard();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes([{ path: '*', guard, element: <Page name="inside" /> }], '/index');
    await settle(0, new Error('the server is away'));
    expect(screen.getByText('failed: the server is away')).toBeTruthy();
  });
});
