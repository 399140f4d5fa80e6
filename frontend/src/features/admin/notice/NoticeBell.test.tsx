import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Access } from '@/shared/permission';
import { renderInApp, serveData } from '@/test/render';
import { NoticeBell } from './NoticeBell';

const reader: Access = { roles: ['salesman'], permissions: ['topbar:notice'], isSuperAdmin: false };

const answerUnread = (count: number) => serveData(() => count);

const renderBell = (access: Access = reader) => renderInApp(<NoticeBell label="通知" />, { access });

describe('NoticeBell', () => {
  it('shows the unread count from the server', async () => {
    const fetchMock = answerUnread(3);
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notice-bell').dataset.unread).toBe('3'));
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/notice/my/unread/count', expect.objectContaining({ method: 'POST' }));
    expect(document.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('3');
  });

  it('shows 99+ above 99', async () => {
    answerUnread(120);
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notice-bell').dataset.unread).toBe('120'));
    expect(document.querySelector('.ant-badge-count')?.textContent).toBe('99+');
  });

  it('hides the badge when nothing is unread', async () => {
    answerUnread(0);
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notice-bell').dataset.unread).toBe('0'));
    expect(document.querySelector('.ant-badge-count')).toBeNull();
  });

  it('is not there for someone without topbar:notice', () => {
    const fetchMock = answerUnread(3);
    renderBell({ roles: [], permissions: [], isSuperAdmin: false });
    expect(screen.queryByTestId('notice-bell')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
