import { useMutation } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { awaitedByAntd } from '@/shared/awaited-by-antd';
import { minuteOrEmpty } from '@/shared/format/empty';
import { useMessages } from '@/shared/i18n';
import { isStale, listMessages, useSave } from '@/shared/list';
import { claimCustomer, deleteCustomer, protectCustomer, useRefreshCustomers, type CustomerRow } from './api';
import { useBindCodeDialog } from './BindCodeDialog';
import type { CustomerAction } from './customerLists';
import { customerMessages } from './messages';

/** The actions that open a dialog of the list. */
export interface CustomerDialogOpeners {
  onCheck: (row: CustomerRow) => void;
  onEdit: (row: CustomerRow) => void;
  onRelease: (row: CustomerRow) => void;
}

/**
 * The button of each row action of a customer list: those with a dialog open it, protecting tells until
 * when, lifting a protection, claiming from the pool and deleting ask first.
 */
export function useCustomerActionButton({ onCheck, onEdit, onRelease }: CustomerDialogOpeners): (row: CustomerRow, action: CustomerAction) => ReactNode {
  const t = useMessages(customerMessages);
  const common = useMessages(listMessages);
  const { message } = App.useApp();
  const openBindCode = useBindCodeDialog();
  const refresh = useRefreshCustomers();
  const reload = () => void refresh();
  const claim = useSave({ save: claimCustomer, savedMessage: t('claimed'), onSaved: reload, onStale: reload });
  const remove = useSave({ save: deleteCustomer, onSaved: reload, onStale: reload });
  const protect = useMutation({
    mutationFn: protectCustomer,
    onSuccess: (saved) => {
      message.success(saved.protected && saved.protectedUntil ? t('protected', { until: minuteOrEmpty(saved.protectedUntil) }) : t('unprotected'));
      reload();
    },
    onError: (error) => {
      if (isStale(error)) reload();
    },
  });
  const settle = (promise: Promise<unknown>) => promise.catch(() => undefined);

  return (row, action) => {
    const link = (label: string, onClick?: () => void, danger = false) => (
      <Button key={action} type="link" size="small" danger={danger} onClick={onClick} data-testid={`customer-${action}-${row.id}`}>
        {label}
      </Button>
    );
    switch (action) {
      case 'check':
        return link(t('actionCheck'), () => onCheck(row));
      case 'edit':
        return link(common('edit'), () => onEdit(row));
      case 'bindCode':
        return link(t('actionBindCode'), () => openBindCode({ id: row.id, name: row.companyName }));
      case 'protect':
        return link(t('actionProtect'), () => protect.mutate({ id: row.id, ver: row.ver, protect: true }));
      case 'unprotect':
        return (
          <Popconfirm
            key={action}
            title={t('unprotectConfirm')}
            onConfirm={awaitedByAntd(() => settle(protect.mutateAsync({ id: row.id, ver: row.ver, protect: false })))}
          >
            {link(t('actionUnprotect'))}
          </Popconfirm>
        );
      case 'release':
        return link(t('actionRelease'), () => onRelease(row), true);
      case 'claim':
        return (
          <Popconfirm key={action} title={t('claimConfirm')} onConfirm={awaitedByAntd(() => settle(claim.mutateAsync(row.id)))}>
            {link(t('actionClaim'))}
          </Popconfirm>
        );
      case 'delete':
        return (
          <Popconfirm key={action} title={common('deleteConfirm')} onConfirm={awaitedByAntd(() => settle(remove.mutateAsync(row.id)))}>
            {link(common('delete'), undefined, true)}
          </Popconfirm>
        );
    }
  };
}
