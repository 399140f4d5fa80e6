import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AccessProvider, type Access } from '@/shared/permission';

/** The server's success envelope around `data`, as the request client reads it. */
export function envelope(data: unknown): Response {
  return new Response(JSON.stringify({ success: true, code: 200, message: '', data }), { headers: { 'content-type': 'application/json' } });
}

/** Stubs the server: every call answers the envelope around what `dataOf` gives for it (null when nothing). */
export function serveData(dataOf: (url: string, init: RequestInit) => unknown = () => null) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => envelope(dataOf(url, init) ?? null));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

interface Surroundings {
  /** what the signed-in user may do; left out, no access provider (the components that do not ask) */
  access?: Access;
  /** wraps the component in a router, for those that link or read the location */
  router?: boolean;
}

/** Renders `ui` inside what the app gives every screen: a fresh query client (no retries), antd's App, and on demand access and a router. */
export function renderInApp(ui: ReactNode, { access, router = false }: Surroundings = {}) {
  const withAccess = access ? <AccessProvider value={access}>{ui}</AccessProvider> : ui;
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>{router ? <MemoryRouter>{withAccess}</MemoryRouter> : withAccess}</App>
    </QueryClientProvider>,
  );
}
