import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AccessProvider, type Access } from '@/shared/permission';

/** The server's success envelope around `data` (and its `message`), as the request client reads it. */
export function envelope(data: unknown, message = ''): Response {
  return new Response(JSON.stringify({ success: true, code: 200, message, data }), { headers: { 'content-type': 'application/json' } });
}

/** Stubs the server: every call answers the envelope around what `dataOf` gives for it (null when nothing). */
export function serveData(dataOf: (url: string, init: RequestInit) => unknown = () => null) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => envelope(dataOf(url, init) ?? null));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export type Route = (url: string, init: RequestInit) => unknown;

/** Stubs the server by path: each call answers what the first route whose URL suffix matches gives; an unexpected call fails. */
export function mockApi(routes: Record<string, Route>) {
  return serveData((url, init) => {
    const match = Object.keys(routes).find((suffix) => url.endsWith(suffix));
    if (!match) throw new Error(`unexpected ${init.method} ${url}`);
    return routes[match](url, init);
  });
}

/** The JSON body a call sent. */
export const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

interface Surroundings {
  /** what the signed-in user may do; left out, no access provider (the components that do not ask) */
  access?: Access;
  /** wraps the component in a router, for those that link or read the location */
  router?: boolean;
  /** the query client, when the test fills its cache first */
  client?: QueryClient;
}

/** Renders `ui` inside what the app gives every screen: a fresh query client (no retries), antd's App, and on demand access and a router. */
export function renderInApp(ui: ReactNode, { access, router = false, client }: Surroundings = {}) {
  const withAccess = access ? <AccessProvider value={access}>{ui}</AccessProvider> : ui;
  return render(
    <QueryClientProvider client={client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>{router ? <MemoryRouter>{withAccess}</MemoryRouter> : withAccess}</App>
    </QueryClientProvider>,
  );
}

/** Renders a screen as a user holding `permissions` sees it (in a router). */
export function renderWithProviders(ui: ReactNode, { permissions = [], client }: { permissions?: string[]; client?: QueryClient } = {}) {
  return renderInApp(ui, { access: { roles: [], permissions, isSuperAdmin: false }, router: true, client });
}
