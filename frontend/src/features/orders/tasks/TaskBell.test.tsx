import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { applyTaskCounts } from './api';
import { TaskBell } from './TaskBell';

describe('the top bar’s task button', () => {
  it('counts the open tasks, overdue ones included, and follows the pushed counts', async () => {
    mockApi({ '/order/work/record/mine/count': () => ({ open: 2, overdue: 1 }) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithProviders(<TaskBell />, { permissions: ['order:work'], client });
    const bell = screen.getByTestId('task-bell');
    await waitFor(() => expect(bell.getAttribute('data-count')).toBe('3'));
    expect(bell.getAttribute('aria-label')).toBe('我的任务（待处理 2，已逾期 1）');
    act(() => applyTaskCounts(client, { open: 1, overdue: 0 }));
    await waitFor(() => expect(bell.getAttribute('data-count')).toBe('1'));
  });

  it('is not offered to those who take no tasks', () => {
    mockApi({});
    renderWithProviders(<TaskBell />, { permissions: ['order:bbs'] });
    expect(screen.queryByTestId('task-bell')).toBeNull();
  });
});
