import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { updateSession } from '@/shared/session/store';
import type { IssueStatus } from '@forwarder/domain';
import type { Issue } from './api';
import { OrderIssueDialog } from './OrderIssueDialog';
import { bodyOf, issue, mockApi, renderWithProviders } from './testing';

const WAIT = { timeout: 5000 };

const BOARD: Record<IssueStatus, Issue[]> = {
  wait: [
    issue({ id: 11, status: 'wait', detail: '待沟通 &lt;b&gt;' }),
    issue({ id: 12, status: 'wait', createUserId: 2, createUserName: '王操作', processedUserId: 1 }),
  ],
  handle: [
    issue({ id: 21, detail: '第一行<br/>第二行', reply: [] }),
    issue({
      id: 22,
      detail: '另一问题',
      reply: [
        {
          id: 5,
          orderBbsId: 22,
          detail: '已处理',
          files: [],
          ver: 1,
          createUserId: 2,
          createUserName: '王操作',
          createTime: '2026-11-21T00:00:00Z',
          modifyTime: '2026-11-21T00:00:00Z',
        },
      ],
    }),
  ],
  completed: [issue({ id: 31, status: 'completed', modifyTime: '2026-11-21T09:30:00' })],
};

let requested: string[];

beforeEach(() => {
  updateSession({ userId: '1' });
  requested = [];
  mockApi({
    '/order/bbs/list/9': (_, init) => {
      const { status } = bodyOf(init) as { status: IssueStatus };
      requested.push(status);
      return BOARD[status];
    },
  });
});

/** Opens the dialog and waits for the handle tab's issue; gives its text. */
function openDialog() {
  renderWithProviders(<OrderIssueDialog open orderId={9} orderNo="SB2026001" shipType="smallbag" onClose={() => undefined} />);
  return screen.findByText(/第一行/, undefined, WAIT);
}

/** antd keeps a collapsed row's replies in the page, hidden. */
const shown = (text: string) => {
  const expanded = screen.queryByText(text)?.closest('tr') as HTMLElement | null | undefined;
  return Boolean(expanded && expanded.style.display !== 'none');
};

const row = (id: number) => screen.getByTestId(`bbs-issue-${id}`).closest('tr') as HTMLElement;

describe('OrderIssueDialog', { timeout: 60_000 }, () => {
  it('is titled after the order, 880 px wide, and opens on the handle tab with a headerless table', async () => {
    await openDialog();
    expect(screen.getByText('SB2026001 问题报备')).toBeTruthy();
    // the shown tab's list first, then the others' for their counts
    expect(requested[0]).toBe('handle');
    expect(screen.getByRole('tab', { selected: true }).textContent).toMatch(/^处理中/);
    expect(document.querySelector('.ant-table-thead')).toBeNull();
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('880px');
    expect(screen.getByTestId('bbs-raise-issue').textContent).toBe('发布问题');
  });

  it('counts each tab’s issues in its title', async () => {
    await openDialog();
    await waitFor(() => expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['沟通中 (2)', '处理中 (2)', '处理完成 (1)']), WAIT);
    expect([...requested].sort()).toEqual(['completed', 'handle', 'wait']);
  });

  it('shows stored line breaks as text lines', async () => {
    const text = await openDialog();
    expect(text.textContent).toBe('第一行\n第二行');
  });

  it('expands one row at a time; a row without replies asks to resolve the problem promptly', async () => {
    await openDialog();
    fireEvent.click(row(21));
    expect(await screen.findByText('请及时解决问题')).toBeTruthy();
    expect(within(row(21)).getByText('回复')).toBeTruthy();
    fireEvent.click(row(22));
    await waitFor(() => expect(shown('已处理')).toBe(true));
    expect(shown('请及时解决问题')).toBe(false);
    expect(within(row(21)).queryByText('回复')).toBeNull();
    fireEvent.click(row(22));
    await waitFor(() => expect(shown('已处理')).toBe(false));
  });

  it('asks before closing an issue', async () => {
    await openDialog();
    fireEvent.click(within(row(21)).getByText('关闭'));
    expect(await screen.findByText('确定要关闭该条问题吗？')).toBeTruthy();
  });

  it('on the wait tab offers reply to all and edit and remove to the author only, shown as typed', async () => {
    await openDialog();
    fireEvent.click(screen.getByTestId('bbs-tab-wait'));
    await screen.findByText('待沟通 <b>', undefined, WAIT);
    expect(within(row(11)).getByText('编辑')).toBeTruthy();
    expect(within(row(12)).queryByText('编辑')).toBeNull();
    expect(within(row(12)).getByText('回复')).toBeTruthy();
    fireEvent.click(within(row(11)).getByText('移除'));
    expect(await screen.findByText('确定要移除该条问题吗？')).toBeTruthy();
  });

  it('on the completed tab tells when the issue closed and offers nothing', async () => {
    await openDialog();
    fireEvent.click(screen.getByTestId('bbs-tab-completed'));
    expect(await screen.findByText('问题于 2026-11-21 09:30:00 关闭', undefined, WAIT)).toBeTruthy();
    expect(within(row(31)).getByText('----')).toBeTruthy();
    expect(within(row(31)).queryByText('回复')).toBeNull();
  });
});
