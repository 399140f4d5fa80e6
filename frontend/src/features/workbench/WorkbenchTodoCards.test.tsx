import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockApi, renderWithProviders } from '@/test/render';
import { WorkbenchTodoCards } from './WorkbenchTodoCards';

const task = (id: number, content: string, overdue: boolean) => ({
  id,
  orderId: 100 + id,
  orderNo: `DL${id}`,
  shipType: 'dedicatedline',
  content,
  status: 'open',
  overdue,
  dueAt: null,
  assigneeId: 1,
  createdBy: 2,
  createdAt: '2026-11-20T08:00:00Z',
});

const page = (items: unknown[]) => ({ items, pageIndex: 1, pageSize: 5, totalCount: items.length, totalPage: 1 });

function serve() {
  return mockApi({
    '/order/work/record/mine/count': () => ({ open: 4, overdue: 2 }),
    '/order/work/record/mine': (_, init) =>
      bodyOf(init).tab === 'overdue'
        ? page([task(1, '催客户付款', true), task(2, '核对提单', true)])
        : page([3, 4, 5, 6].map((id) => task(id, `任务 ${id}`, false))),
    '/order/bbs/notice/list': () =>
      page([{ orderId: 9, orderNo: 'SB9', shipItem: { value: 'smallbag', text: '小包专线', textEn: 'Small parcel' }, waitNum: 2, handleNum: 1 }]),
    '/workbench/recent-orders': () => [
      {
        id: 31,
        orderNo: 'AT31',
        shipType: 'airtransport',
        stage: 'created',
        sideState: null,
        customerName: '上海服装',
        salesmanName: '张晓明',
        createdAt: '2026-11-28T08:00:00Z',
      },
    ],
    '/order/enum/shipType': () => [],
    '/dict/items/shipTypeWords': () => [],
  });
}

describe('the workbench to-do cards', () => {
  it('lists my five first open tasks, overdue first, with the counts and a link to the inbox', async () => {
    serve();
    renderWithProviders(<WorkbenchTodoCards />, { permissions: ['order:work'] });
    const card = await screen.findByTestId('workbench-tasks');
    await waitFor(() =>
      expect(
        within(card)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['DL1', 'DL2', 'DL3', 'DL4', 'DL5']),
    );
    expect(within(card).getAllByText('已逾期')).toHaveLength(2);
    expect(within(card).getByText('逾期 2')).toBeTruthy();
    expect(within(card).getByTestId('workbench-tasks-all').getAttribute('href')).toBe('/tasks');
    expect(within(card).getByTestId('workbench-tasks-all').textContent).toBe('全部 6 条');
    expect(screen.queryByTestId('workbench-issues')).toBeNull();
  });

  it('shows the issues waiting for me and my scope’s latest orders to those who may see them', async () => {
    serve();
    renderWithProviders(<WorkbenchTodoCards />, { permissions: ['order:bbs', 'order:list'] });
    const issues = await screen.findByTestId('workbench-issues');
    expect(await within(issues).findByText('2 个待处理，1 个待确认')).toBeTruthy();
    const orders = screen.getByTestId('workbench-recent-orders');
    expect(await within(orders).findByText('上海服装')).toBeTruthy();
    expect(within(orders).getByText('已登记')).toBeTruthy();
    expect(screen.queryByTestId('workbench-tasks')).toBeNull();
  });

  it('shows nothing to a user who may see none of them', () => {
    serve();
    renderWithProviders(<WorkbenchTodoCards />);
    expect(screen.queryByTestId('workbench-todo')).toBeNull();
  });
});
