/**
 * What the client's component tests share: the server's answers as `fetch` gives them (the envelope), a
 * fake API answering by path, and a render inside the providers every screen has (antd's App,
 * react-query, the router, the user's permission codes). Imported by tests only.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AccessProvider } from '@/shared/permission';

/** A successful answer carrying `data` (and the server's `message`). */
export function envelope(data: unknown, message = '') {
  return new Response(JSON.stringify({ success: true, code: 200, message, data }), { headers: { 'content-type': 'application/json' } });
}

export type Route = (url: string, init: RequestInit) => unknown;

/** Answers each call with the first route whose URL suffix matches; the calls are kept for asserting. */
export function mockApi(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: string, init: RequestInit) => {
    const url = String(input);
    const match = Object.keys(routes).find((suffix) => url.endsWith(suffix));
    if (!match) throw new Error(`unexpected ${init.method} ${url}`);
    return envelope(routes[match](url, init));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON body a call sent. */
export const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

/** Renders `node` as a screen is rendered, for a user holding `permissions`; `client` when the test fills its cache first. */
export function renderWithProviders(node: ReactNode, { permissions = [], client }: { permissions?: string[]; client?: QueryClient } = {}) {
  const queries = client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <App>
        <QueryClientProvider client={queries}>
          <AccessProvider value={{ roles: [], permissions, isSuperAdmin: false }}>{node}</AccessProvider>
        </QueryClientProvider>
      </App>
    </MemoryRouter>,
  );
}
