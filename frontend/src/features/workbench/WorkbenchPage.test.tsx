import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { updateSession } from '@/app/session/store';
import { WorkbenchPage } from './WorkbenchPage';

describe('the workbench', () => {
  it("tags the user's roles by name (the session holds only their codes)", async () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const summary = { userId: 7, account: 'sales01', fullName: '王晓明', roles: [{ code: 'salesman', name: '业务员', nameEn: 'Salesman' }] };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async (url: string) =>
          new Response(JSON.stringify({ success: true, code: 200, message: '', data: url.endsWith('/workbench/summary') ? summary : null }), {
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    updateSession({ roles: ['salesman'], isSuperAdmin: false, routes: [] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <App>
            <WorkbenchPage />
          </App>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const roles = screen.getByTestId('workbench-roles');
    await waitFor(() => expect(roles.textContent).toBe('业务员'));
    expect(roles.textContent).not.toContain('salesman');
  });
});
