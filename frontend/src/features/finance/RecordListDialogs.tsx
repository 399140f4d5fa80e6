import { useState, type ReactNode } from 'react';
import { ReasonDialog, type ReasonRequest } from './ReasonDialog';
import { RecordDetailDrawer } from './RecordDetailDrawer';
import { RecordFormDialog, type RecordFormRequest } from './RecordFormDialog';

/** How a record list opens its dialogs: the form (add, edit, amend), the reason of a refusal or unlock, the detail. */
export interface RecordDialogOpeners {
  openForm: (request: RecordFormRequest) => void;
  askReason: (request: ReasonRequest) => void;
  openDetail: (id: number) => void;
}

/** The dialogs of a record list, and how to open each. */
export function useRecordListDialogs(): RecordDialogOpeners & { dialogs: ReactNode } {
  const [form, setForm] = useState<RecordFormRequest | null>(null);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  return {
    openForm: setForm,
    askReason: setReason,
    openDetail: setDetailId,
    dialogs: (
      <>
        <RecordFormDialog request={form} onClose={() => setForm(null)} />
        <ReasonDialog request={reason} onClose={() => setReason(null)} />
        <RecordDetailDrawer recordId={detailId} onClose={() => setDetailId(null)} />
      </>
    ),
  };
}
