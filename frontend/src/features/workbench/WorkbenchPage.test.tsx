import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
