import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render as renderInJsdom, type RenderOptions } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { STATIC_STYLES } from '@/app/themeTokens';
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

/**
 * Testing Library's `render` with antd's styles as the app has them (app/themeTokens.ts, STATIC_STYLES): built,
 * none generated at run time. Generated ones came as some 2,000 CSS rules in the document, and jsdom matches
 * every rule against an element and its ancestors on each getComputedStyle (antd's tables call it when they
 * mount): OrderFinancePanel.test.tsx took 57.8 s of CPU (one test out of its 45 s), 8.3 s without; ArrearsPage
 * 14.5 s, 6.5 s. No assertion reads a style those rules gave; an element they hid (display: none) would show,
 * so a test that it is hidden would fail rather than pass unseen. The files comparing a plain component's
 * DOM with antd's own (PlainSpin, PlainTypography) keep Testing Library's render.
 */
export function render(ui: ReactNode, options: RenderOptions = {}) {
  const Inner = options.wrapper as ComponentType<{ children: ReactNode }> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ConfigProvider theme={STATIC_STYLES}>{Inner ? <Inner>{children}</Inner> : children}</ConfigProvider>
  );
  return renderInJsdom(ui, { ...options, wrapper });
}

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
