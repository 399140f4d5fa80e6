import { App, Button, Popconfirm, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { awaitedByAntd } from '@/shared/awaited-by-antd';
import { useMessages } from '@/shared/i18n';
import { listMessages, useSave } from '@/shared/list';
import { deleteRecord, relockRecord, submitRecords, unlockRecord, useRefreshFinance, verifyRecord, verifyRecords, type FinanceRecord } from './api';
import { financeMessages } from './messages';
import type { RecordDialogOpeners } from './RecordListDialogs';
import { barredForSelf, type RecordAction } from './recordScreens';

export interface RecordButtons {
  /** the button of a batch action over the selected records (disabled while none is selected) */
  batchButton: (action: RecordAction) => ReactNode;
  /** the button of an action on one record */
  rowButton: (row: FinanceRecord, action: RecordAction) => ReactNode;
}

/**
 * The moves of a record list, as buttons: each asks first (a confirmation, or the reason of a refusal or
 * an unlock), then says 操作成功 and reloads the list (`onReload` clears the selection); a stale record
 * reloads too.
 */
export function useRecordActions(selected: readonly FinanceRecord[], { openForm, askReason }: RecordDialogOpeners, onReload: () => void): RecordButtons {
  const t = useMessages(financeMessages);
  const common = useMessages(listMessages);
  const { modal } = App.useApp();
  const refresh = useRefreshFinance();
  const reload = () => {
    onReload();
    void refresh();
  };
  const act = useSave({ save: (move: () => Promise<unknown>) => move(), onSaved: reload, onStale: reload });
  const run = (move: () => Promise<unknown>) => act.mutateAsync(move).catch(() => undefined);
  const ids = selected.map((row) => row.id);
  const what = (rows: readonly FinanceRecord[]) => (rows.length === 1 ? rows[0].recordNo : t('recordCount', { count: rows.length }));

  const batchButton = (action: RecordAction): ReactNode => {
    const onClick = () => {
      if (action === 'batchSubmit') {
        modal.confirm({ title: t('batchSubmitConfirm', { count: ids.length }), onOk: () => run(() => submitRecords(ids)) });
      } else if (action === 'batchVerify') {
        modal.confirm({ title: t('batchVerifyConfirm', { count: ids.length }), onOk: () => run(() => verifyRecords({ ids, pass: true })) });
      } else if (action === 'batchRefuse') {
        askReason({
          title: t('refuseTitle', { what: what(selected) }),
          save: (text) => act.mutateAsync(() => verifyRecords({ ids, pass: false, reason: text })),
        });
      }
    };
    return (
      <Button key={action} disabled={!ids.length} onClick={onClick} data-testid={`finance-${action}`}>
        {t(`action_${action}` as 'action_batchSubmit')}
      </Button>
    );
  };

  const rowButton = (row: FinanceRecord, action: RecordAction): ReactNode => {
    // segregation of duties: the registrant sees the auditor's step, disabled, and why
    if (barredForSelf(action, row)) {
      return (
        <Tooltip key={action} title={t('selfAuditBarred')}>
          <Button type="link" size="small" disabled data-testid={`finance-${action}-${row.id}`}>
            {t(`action_${action}` as 'action_edit')}
          </Button>
        </Tooltip>
      );
    }
    const link = (onClick?: () => void, danger = false) => (
      <Button key={action} type="link" size="small" danger={danger} onClick={onClick} data-testid={`finance-${action}-${row.id}`}>
        {t(`action_${action}` as 'action_edit')}
      </Button>
    );
    const confirmed = (title: string, move: () => Promise<unknown>, danger = false) => (
      <Popconfirm key={action} title={title} onConfirm={awaitedByAntd(() => run(move))} okButtonProps={{ 'data-testid': 'finance-confirm' }}>
        {link(undefined, danger)}
      </Popconfirm>
    );
    switch (action) {
      case 'edit':
      case 'amendRefused':
      case 'amendUnlocked':
        return link(() => openForm({ mode: action, record: row }));
      case 'submit':
        return confirmed(t('submitConfirm'), () => submitRecords([row.id]));
      case 'verify':
        return confirmed(t('verifyConfirm'), () => verifyRecord({ id: row.id, ver: row.ver, pass: true }));
      case 'relock':
        return confirmed(t('relockConfirm'), () => relockRecord(row));
      case 'delete':
        return confirmed(common('deleteConfirm'), () => deleteRecord(row.id), true);
      case 'refuse':
        return link(() =>
          askReason({
            title: t('refuseTitle', { what: row.recordNo }),
            save: (text) => act.mutateAsync(() => verifyRecord({ id: row.id, ver: row.ver, pass: false, reason: text })),
          }),
        );
      case 'unlock':
        return link(() =>
          askReason({
            title: t('unlockTitle', { what: row.recordNo }),
            save: (text) => act.mutateAsync(() => unlockRecord({ id: row.id, ver: row.ver, reason: text })),
          }),
        );
      default:
        return null;
    }
  };

  return { batchButton, rowButton };
}
