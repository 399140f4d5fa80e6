import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, mockApi, renderWithProviders } from '@/test/render';
import type { FinanceRecord } from './api';
import { useRecordActions } from './RecordActions';
import type { RecordDialogOpeners } from './RecordListDialogs';
import type { RecordAction } from './recordScreens';

const record = (id: number, fields: Partial<FinanceRecord> = {}) =>
  ({ id, ver: 2, kind: 'outgoing', recordNo: `FO2026110000${id}`, status: 'pending', selfAuditBarred: false, ...fields }) as FinanceRecord;

const openers = (): RecordDialogOpeners => ({ openForm: vi.fn(), askReason: vi.fn(), openDetail: vi.fn() });

function Buttons({
  selected = [],
  rows = [],
  batches = [],
  dialogs,
  onReload = vi.fn(),
}: {
  selected?: FinanceRecord[];
  rows?: [FinanceRecord, RecordAction][];
  batches?: RecordAction[];
  dialogs: RecordDialogOpeners;
  onReload?: () => void;
}) {
  const { batchButton, rowButton } = useRecordActions(selected, dialogs, onReload);
  return (
    <>
      {batches.map(batchButton)}
      {rows.map(([row, action]) => rowButton(row, action))}
    </>
  );
}

const calledWith = (fetchMock: ReturnType<typeof mockApi>, suffix: string) => fetchMock.mock.calls.find(([url]) => url.endsWith(suffix));

describe('a record list’s moves', () => {
  it('submits a record once confirmed, then reloads and clears the selection', async () => {
    const fetchMock = mockApi({ '/order/finance/batch/amend': () => null, '/order/finance/list': () => null });
    const onReload = vi.fn();
    renderWithProviders(<Buttons rows={[[record(5, { status: 'registered' }), 'submit']]} dialogs={openers()} onReload={onReload} />);
    fireEvent.click(screen.getByTestId('finance-submit-5'));
    expect(await screen.findByText('提交后进入待审核，确定提交吗？')).toBeTruthy();
    expect(calledWith(fetchMock, '/order/finance/batch/amend')).toBeUndefined();
    fireEvent.click(screen.getByTestId('finance-confirm'));
    await waitFor(() => expect(onReload).toHaveBeenCalled());
    expect(bodyOf(calledWith(fetchMock, '/order/finance/batch/amend')![1])).toEqual({ ids: [5] });
  });

  it('asks the reason of a refusal and an unlock, and sends it with the record’s ver', async () => {
    const fetchMock = mockApi({ '/order/finance/single/verify': () => null, '/order/finance/unlocked/6': () => null, '/order/finance/list': () => null });
    const dialogs = openers();
    renderWithProviders(
      <Buttons
        rows={[
          [record(5), 'refuse'],
          [record(6, { status: 'locked' }), 'unlock'],
        ]}
        dialogs={dialogs}
      />,
    );
    fireEvent.click(screen.getByTestId('finance-refuse-5'));
    fireEvent.click(screen.getByTestId('finance-unlock-6'));
    const [[refusal], [unlock]] = vi.mocked(dialogs.askReason).mock.calls;
    expect([refusal.title, unlock.title]).toEqual(['驳回 FO20261100005', '解锁 FO20261100006']);
    await refusal.save('金额不对');
    await unlock.save('补录凭证');
    expect(bodyOf(calledWith(fetchMock, '/order/finance/single/verify')![1])).toEqual({ id: 5, ver: 2, pass: false, reason: '金额不对' });
    expect(bodyOf(calledWith(fetchMock, '/order/finance/unlocked/6')![1])).toEqual({ ver: 2, reason: '补录凭证' });
  });

  it('opens the form to edit or amend a record', () => {
    const dialogs = openers();
    const row = record(7, { status: 'refused' });
    renderWithProviders(<Buttons rows={[[row, 'amendRefused']]} dialogs={dialogs} />);
    fireEvent.click(screen.getByTestId('finance-amendRefused-7'));
    expect(dialogs.openForm).toHaveBeenCalledWith({ mode: 'amendRefused', record: row });
  });

  it('shows an auditor’s step on the user’s own record disabled (segregation of duties), on another’s enabled', () => {
    renderWithProviders(
      <Buttons
        rows={[
          [record(8, { selfAuditBarred: true }), 'verify'],
          [record(9), 'verify'],
        ]}
        dialogs={openers()}
      />,
    );
    expect(screen.getByTestId('finance-verify-8').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('finance-verify-9').hasAttribute('disabled')).toBe(false);
  });

  it('takes a batch over the selected records only: disabled without, confirmed with their count', async () => {
    const fetchMock = mockApi({ '/order/finance/batch/verify': () => null, '/order/finance/list': () => null });
    const { unmount } = renderWithProviders(<Buttons batches={['batchVerify']} dialogs={openers()} />);
    expect(screen.getByTestId('finance-batchVerify').hasAttribute('disabled')).toBe(true);
    unmount();
    renderWithProviders(<Buttons selected={[record(1), record(2)]} batches={['batchVerify']} dialogs={openers()} />);
    fireEvent.click(screen.getByTestId('finance-batchVerify'));
    expect((await screen.findAllByText('确定审核通过选中的 2 条吗？')).length).toBeGreaterThan(0);
    fireEvent.click(document.querySelector<HTMLElement>('.ant-modal-confirm-btns .ant-btn-primary')!);
    await waitFor(() => expect(calledWith(fetchMock, '/order/finance/batch/verify')).toBeDefined());
    expect(bodyOf(calledWith(fetchMock, '/order/finance/batch/verify')![1])).toEqual({ ids: [1, 2], pass: true });
  });

  it('asks one reason for a batch refusal, naming one record by number and several by count', () => {
    const dialogs = openers();
    const { unmount } = renderWithProviders(<Buttons selected={[record(1)]} batches={['batchRefuse']} dialogs={dialogs} />);
    fireEvent.click(screen.getByTestId('finance-batchRefuse'));
    unmount();
    renderWithProviders(<Buttons selected={[record(1), record(2), record(3)]} batches={['batchRefuse']} dialogs={dialogs} />);
    fireEvent.click(screen.getByTestId('finance-batchRefuse'));
    expect(vi.mocked(dialogs.askReason).mock.calls.map(([request]) => request.title)).toEqual(['驳回 FO20261100001', '驳回 3 条单据']);
  });
});
