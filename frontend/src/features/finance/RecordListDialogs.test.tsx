import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { ReasonRequest } from './ReasonDialog';
import type { RecordFormRequest } from './RecordFormDialog';
import { useRecordListDialogs } from './RecordListDialogs';

// each dialog has its own tests; here: which one the list opens, with what
vi.mock('./RecordFormDialog', () => ({
  RecordFormDialog: ({ request }: { request: RecordFormRequest | null }) => (request ? <p>form {request.mode}</p> : null),
}));
vi.mock('./ReasonDialog', () => ({ ReasonDialog: ({ request }: { request: ReasonRequest | null }) => (request ? <p>reason {request.title}</p> : null) }));
vi.mock('./RecordDetailDrawer', () => ({ RecordDetailDrawer: ({ recordId }: { recordId: number | null }) => (recordId ? <p>detail {recordId}</p> : null) }));

/** The dialogs, with a button for each way the list opens them. */
function Dialogs() {
  const { openForm, askReason, openDetail, dialogs } = useRecordListDialogs();
  return (
    <>
      <button type="button" onClick={() => openForm({ mode: 'add', kind: 'entry' })}>
        open form
      </button>
      <button type="button" onClick={() => askReason({ title: '驳回 FE1', save: async () => undefined })}>
        ask reason
      </button>
      <button type="button" onClick={() => openDetail(12)}>
        open detail
      </button>
      {dialogs}
    </>
  );
}

describe('a record list’s dialogs', () => {
  it('opens the form, the reason and the detail with what they are given, none before', () => {
    renderWithProviders(<Dialogs />);
    const shown = ['form add', 'reason 驳回 FE1', 'detail 12'];
    expect(shown.filter((text) => screen.queryByText(text))).toEqual([]);
    for (const name of ['open form', 'ask reason', 'open detail']) fireEvent.click(screen.getByRole('button', { name }));
    expect(shown.filter((text) => screen.queryByText(text))).toEqual(shown);
  });
});
