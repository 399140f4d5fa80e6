import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AccessProvider } from '@/shared/permission';
import type { Issue } from './api';

/** The test doubles of this area's dialog tests: the API envelope, sample issues, the providers. */
export function envelope(data: unknown) {
  return new Response(JSON.stringify({ success: true, code: 200, message: '', data }), { headers: { 'content-type': 'application/json' } });
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

export const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

export function issue(overrides: Partial<Issue>): Issue {
  return {
    id: 1,
    orderId: 9,
    status: 'handle',
    detail: '货物破损<br/>请核实',
    files: [],
    processedUserId: 2,
    processedUserName: '王操作',
    createUserId: 1,
    createUserName: '李销售',
    createTime: '2026-11-20T08:00:00Z',
    modifyTime: '2026-11-21T09:30:00Z',
    ver: 1,
    reply: [],
    ...overrides,
  };
}

export function renderWithProviders(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <App>
        <QueryClientProvider client={client}>
          <AccessProvider value={{ roles: [], permissions: ['order:bbs'], isSuperAdmin: false }}>{node}</AccessProvider>
        </QueryClientProvider>
      </App>
    </MemoryRouter>,
  );
}
