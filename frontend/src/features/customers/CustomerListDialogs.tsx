import { useState, type ReactNode } from 'react';
import type { CustomerRow } from './api';
import { CustomerCheckDialog } from './CustomerCheckDialog';
import { CustomerDetailDrawer } from './CustomerDetailDrawer';
import { CustomerEditDialog } from './CustomerEditDialog';
import { CustomerReleaseDialog } from './CustomerReleaseDialog';
import type { CustomerDialogOpeners } from './CustomerRowActions';

/** The dialogs of a customer list (edit, review, release, detail): how to open each, and the dialogs to render. */
export function useCustomerListDialogs(): { openers: CustomerDialogOpeners; openDetail: (id: number) => void; dialogs: ReactNode } {
  const [editing, setEditing] = useState<CustomerRow | null>(null);
  const [checking, setChecking] = useState<CustomerRow | null>(null);
  const [releasing, setReleasing] = useState<CustomerRow | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  return {
    openers: { onEdit: setEditing, onCheck: setChecking, onRelease: setReleasing },
    openDetail: setDetailId,
    dialogs: (
      <>
        <CustomerEditDialog customer={editing} onClose={() => setEditing(null)} />
        <CustomerCheckDialog customer={checking} onClose={() => setChecking(null)} />
        <CustomerReleaseDialog customer={releasing} onClose={() => setReleasing(null)} />
        <CustomerDetailDrawer customerId={detailId} onClose={() => setDetailId(null)} />
      </>
    ),
  };
}
