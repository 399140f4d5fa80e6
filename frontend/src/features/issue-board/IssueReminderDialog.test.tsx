import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { IssueReminderBell } from './IssueReminderBell';
import { bodyOf, mockApi, renderWithProviders } from './testing';

const WAIT = { timeout: 5000 };

let count: number;
let fetchMock: ReturnType<typeof mockApi>;
const calls = (suffix: string) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(suffix));

const row = (orderId: number, orderNo: string, waitNum = 2, handleNum = 1) => ({
  orderId,
  orderNo,
  shipItem: { value: 'smallbag', text: '小包专线' },
  waitNum,
  handleNum,
});
let boardRequests: string[];

beforeEach(() => {
  count = 0;
  boardRequests = [];
  fetchMock = mockApi({
    '/order/bbs/list/7': (_, init) => {
      boardRequests.push((bodyOf(init) as { status: string }).status);
      return [];
    },
    '/order/bbs/notice/count': () => count,
    '/order/enum/shipType': () => [
      { id: 1, key: 'smallbag', value: 'smallbag', text: '小包专线' },
      { id: 2, key: 'airtransport', value: 'airtransport', text: '空运' },
    ],
    '/order/bbs/notice/list': () => ({ items: [row(7, 'SB7', 1, 0), row(8, 'SB8')], pageIndex: 1, pageSize: 5, totalCount: 12, totalPage: 3 }),
  });
});

describe('the issue bell', { timeout: 60_000 }, () => {
  it('hides its badge at 0', async () => {
    renderWithProviders(<IssueReminderBell />);
    await waitFor(() => expect(calls('/order/bbs/notice/count')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('bbs-bell').getAttribute('data-count')).toBe('0'));
    expect(document.querySelector('.ant-badge-count')).toBeNull();
  });

  it('shows 99+ above 99', async () => {
    count = 120;
    renderWithProviders(<IssueReminderBell />);
    await waitFor(() => expect(document.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('99+'), WAIT);
  });

  it('opens 需处理的问题: line filter, five rows a page, rows in the spec wording, batch handling of the selected', async () => {
    renderWithProviders(<IssueReminderBell />);
    fireEvent.click(screen.getByTestId('bbs-bell'));
    expect(await screen.findByText('需处理的问题', { selector: '.ant-modal-title' }, WAIT)).toBeTruthy();
    expect(await screen.findByText('空运', undefined, WAIT)).toBeTruthy();
    expect(screen.getByText('全部')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('bbs-notice-SB7').textContent).toBe('SB7 当前存在 1 个需处理问题， 0 个待确认问题。'), WAIT);
    expect(bodyOf(calls('/order/bbs/notice/list')[0][1])).toEqual({ pageIndex: 1, pageSize: 5 });
    expect(document.querySelectorAll('.ant-pagination-item')).toHaveLength(3);

    expect(screen.getByTestId('bbs-notice-batch').textContent).toBe('批量处理（0）');
    fireEvent.click(screen.getByTestId('bbs-notice-SB7').querySelector('input') as HTMLInputElement);
    fireEvent.click(screen.getByTestId('bbs-notice-SB8').querySelector('input') as HTMLInputElement);
    expect(screen.getByTestId('bbs-notice-batch').textContent).toBe('批量处理（2）');

    fireEvent.click(screen.getByText('空运'));
    await waitFor(() => expect(bodyOf(calls('/order/bbs/notice/list').at(-1)![1])).toEqual({ shipType: 'airtransport', pageIndex: 1, pageSize: 5 }));
  });

  it("opens an order's board on the tab where the caller's issue waits, not on an empty default tab", async () => {
    renderWithProviders(<IssueReminderBell />);
    fireEvent.click(screen.getByTestId('bbs-bell'));
    const sb7 = await screen.findByTestId('bbs-notice-SB7', undefined, WAIT);
    // SB7: one issue waits for the caller's answer (wait), none of his to check (handle, the usual first tab)
    fireEvent.click(sb7.querySelector('[data-testid="bbs-notice-order"]') as HTMLElement);
    await screen.findByTestId('order-bbs-dialog', undefined, WAIT);
    // its tab's list first (the others follow for the tabs' counts)
    await waitFor(() => expect(boardRequests[0]).toBe('wait'), WAIT);
    expect(document.querySelector('.ant-tabs-tab-active')?.textContent).toMatch(/^沟通中/);
  });
});
