import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IssueForm } from './IssueForm';
import { ReplyForm } from './ReplyForm';
import { bodyOf, issue, mockApi, renderWithProviders } from './testing';

const WAIT = { timeout: 5000 };

let fetchMock: ReturnType<typeof mockApi>;
const calls = (suffix: string) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(suffix));

beforeEach(() => {
  fetchMock = mockApi({
    '/user/list/take': (_, init) => {
      const { key } = bodyOf(init) as { key?: string };
      return key ? [{ id: 3, fullName: `${key}操作` }] : [{ id: 2, fullName: '王操作' }];
    },
    '/order/bbs/add/9': () => issue({ id: 40, status: 'wait' }),
    '/order/bbs/detail/21': () => issue({ id: 21, ver: 4 }),
    '/order/bbs/update': () => issue({ id: 21 }),
    '/order/bbs/reply/add/21': () => ({ id: 6 }),
  });
});

const handlerInput = () => screen.getByTestId('bbs-issue-form').querySelector('.ant-select input') as HTMLInputElement;

describe('IssueForm', { timeout: 60_000 }, () => {
  it('is the 400 px 发布问题 form; submitting it empty names both missing fields', async () => {
    renderWithProviders(<IssueForm open orderId={9} editing={null} onClose={() => undefined} onSaved={() => undefined} />);
    expect(screen.getByText('发布问题')).toBeTruthy();
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('400px');
    expect(screen.getByText('请选择处理人')).toBeTruthy();
    expect(screen.getByPlaceholderText('请输入问题内容').getAttribute('maxlength')).toBe('1000');
    expect(screen.getByText('补充图片')).toBeTruthy();
    fireEvent.click(screen.getByTestId('bbs-issue-form-submit'));
    expect(await screen.findByText('请选择处理人', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(await screen.findByText('请输入问题内容', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(calls('/order/bbs/add/9')).toHaveLength(0);
  });

  it('loads the default handlers on opening, searches by key, and sends line breaks as <br/>', async () => {
    const onSaved = vi.fn();
    renderWithProviders(<IssueForm open orderId={9} editing={null} onClose={() => undefined} onSaved={onSaved} />);
    await waitFor(() => expect(calls('/user/list/take')).toHaveLength(1));
    expect(bodyOf(calls('/user/list/take')[0][1])).toEqual({});

    fireEvent.mouseDown(handlerInput());
    fireEvent.change(handlerInput(), { target: { value: '赵' } });
    fireEvent.click(await screen.findByText('赵操作', undefined, WAIT));
    expect(bodyOf(calls('/user/list/take').at(-1)![1])).toEqual({ key: '赵' });

    fireEvent.change(screen.getByTestId('bbs-issue-detail'), { target: { value: '外箱破损\n请核实' } });
    fireEvent.click(screen.getByTestId('bbs-issue-form-submit'));
    await waitFor(() => expect(calls('/order/bbs/add/9')).toHaveLength(1));
    expect(bodyOf(calls('/order/bbs/add/9')[0][1])).toEqual({ processedUserId: 3, detail: '外箱破损<br/>请核实', photoIds: [] });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('edits an issue as last stored: its text with line breaks back, saved with its ver', async () => {
    renderWithProviders(<IssueForm open orderId={9} editing={issue({ id: 21, ver: 1 })} onClose={() => undefined} onSaved={() => undefined} />);
    expect(screen.getByText('21 编辑问题')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId<HTMLTextAreaElement>('bbs-issue-detail').value).toBe('货物破损\n请核实'), WAIT);
    fireEvent.click(screen.getByTestId('bbs-issue-form-submit'));
    await waitFor(() => expect(calls('/order/bbs/update')).toHaveLength(1));
    expect(bodyOf(calls('/order/bbs/update')[0][1])).toEqual({ id: 21, orderId: 9, processedUserId: 2, detail: '货物破损<br/>请核实', ver: 4, photoIds: [] });
  });
});

describe('ReplyForm', { timeout: 60_000 }, () => {
  it('is titled after the issue and requires the reply text', async () => {
    renderWithProviders(<ReplyForm target={{ issueId: 21 }} onClose={() => undefined} onSaved={() => undefined} />);
    expect(screen.getByText('21 回复问题')).toBeTruthy();
    fireEvent.click(screen.getByTestId('bbs-reply-form-submit'));
    expect(await screen.findByText('请输入回复内容', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('bbs-reply-detail'), { target: { value: '已联系仓库' } });
    fireEvent.click(screen.getByTestId('bbs-reply-form-submit'));
    await waitFor(() => expect(calls('/order/bbs/reply/add/21')).toHaveLength(1));
    expect(bodyOf(calls('/order/bbs/reply/add/21')[0][1])).toEqual({ detail: '已联系仓库', photoIds: [] });
  });
});
