import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouteNode } from '@/shared/routing/routeTree';
import { updateSession } from '@/shared/session/store';
import { mockApi, renderWithProviders } from '@/test/render';
import { WorkbenchPage } from './WorkbenchPage';

describe('the workbench', () => {
  it("tags the user's roles by name (the session holds only their codes)", async () => {
    const summary = { userId: 7, account: 'sales01', fullName: '王晓明', roles: [{ code: 'salesman', name: '业务员', nameEn: 'Salesman' }] };
    mockApi({ '/workbench/summary': () => summary, '': () => null });
    updateSession({ roles: ['salesman'], isSuperAdmin: false, routes: [] });
    renderWithProviders(<WorkbenchPage />);
    const roles = screen.getByTestId('workbench-roles');
    await waitFor(() => expect(roles.textContent).toBe('业务员'));
    expect(roles.textContent).not.toContain('salesman');
  });

  it("links the customers' pre-alerts waiting to each line's 已登记 list filtered to them, and shows nothing while none wait", async () => {
    const node = (name: string, path: string, title: string, children?: RouteNode[]): RouteNode => ({
      name,
      path,
      component: children ? 'Layout' : 'order/stage',
      meta: { title, titleEn: title },
      children,
    });
    const routes = [node('Dedicatedline', '/dedicatedline', '专线', [node('DedicatedlineCreated', '/dedicatedline/created', '已登记')])];
    const summary = { userId: 7, account: 'sales01', fullName: '王晓明', roles: [], prealertsWaiting: { total: 2, byLine: { dedicatedline: 2 } } };
    mockApi({ '/workbench/summary': () => summary, '': () => null });
    updateSession({ roles: ['salesman'], isSuperAdmin: false, routes });
    const view = renderWithProviders(<WorkbenchPage />);
    const link = await screen.findByTestId('prealerts-dedicatedline');
    expect(link.getAttribute('href')).toBe('/dedicatedline/created?fromPortal=1');
    expect(link.textContent).toBe('专线 2 个');
    expect(screen.getByTestId('workbench-prealerts').textContent).toContain('2 个客户预报待确认');
    view.unmount();

    mockApi({ '/workbench/summary': () => ({ ...summary, prealertsWaiting: { total: 0, byLine: {} } }), '': () => null });
    renderWithProviders(<WorkbenchPage />);
    await waitFor(() => expect(screen.getByTestId('workbench-roles')).toBeTruthy());
    expect(screen.queryByTestId('workbench-prealerts')).toBeNull();
  });
});
