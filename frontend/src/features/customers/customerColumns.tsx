import type { PermissionCode, CustomerList } from '@forwarder/domain';
import { Button, Switch, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { EllipsisText } from '@/shared/components/EllipsisText';
import { EMPTY, minuteOrEmpty, textOrEmpty } from '@/shared/format/empty';
import { useMessages } from '@/shared/i18n';
import { actionsColumn, listMessages, useSave } from '@/shared/list';
import { hasPermission, useAccess } from '@/shared/permission';
import { setAcceptEmail, useRefreshCustomers, type CustomerRow } from './api';
import { ACTION_PERMISSION, LIST_SETTINGS, rowActions, type CustomerAction, type CustomerColumn } from './customerLists';
import { customerMessages } from './messages';
import { ReviewStatusTag } from './ReviewStatusTag';

/**
 * The columns of a customer list: the customer's own, those the list adds (LIST_SETTINGS), and its row
 * actions (each drawn by `actionButton`). The company name opens the detail for holders of its code, and
 * the accept-email switch saves at once where the list lets it be edited.
 */
export function useCustomerColumns(
  list: CustomerList,
  { actionButton, onOpenDetail }: { actionButton: (row: CustomerRow, action: CustomerAction) => ReactNode; onOpenDetail: (id: number) => void },
): TableColumnsType<CustomerRow> {
  const t = useMessages(customerMessages);
  const common = useMessages(listMessages);
  const access = useAccess();
  const may = (permission: PermissionCode) => hasPermission([permission], access);
  const settings = LIST_SETTINGS[list];
  const refresh = useRefreshCustomers();
  const reload = () => void refresh();
  const acceptEmail = useSave({ save: setAcceptEmail, onSaved: reload, onStale: reload });

  const extraColumns: Record<CustomerColumn, TableColumnsType<CustomerRow>[number]> = {
    salesman: { key: 'salesman', title: t('salesman'), dataIndex: 'salesmanName', render: textOrEmpty },
    reviewStatus: { key: 'reviewStatus', title: t('reviewStatus'), render: (_, row) => <ReviewStatusTag customer={row} /> },
    createdBy: { key: 'createdBy', title: t('createdBy'), dataIndex: 'createdByName', render: textOrEmpty },
    reviewer: { key: 'reviewer', title: t('reviewer'), dataIndex: 'reviewerName', render: textOrEmpty },
    reviewedAt: { key: 'reviewedAt', title: t('reviewedAt'), dataIndex: 'reviewedAt', render: minuteOrEmpty },
    reviewRemark: {
      key: 'reviewRemark',
      title: t('reviewRemark'),
      dataIndex: 'reviewRemark',
      render: (value: string | null) => (
        <EllipsisText rows={2} maxWidth={240} title={value}>
          {textOrEmpty(value)}
        </EllipsisText>
      ),
    },
    protectedUntil: {
      key: 'protectedUntil',
      title: t('protectedUntil'),
      render: (_, row) => (row.protected ? minuteOrEmpty(row.protectedUntil) : EMPTY),
    },
    lastOrderAt: { key: 'lastOrderAt', title: t('lastOrderAt'), dataIndex: 'lastOrderAt', render: minuteOrEmpty },
    idleSince: { key: 'idleSince', title: t('idleSince'), dataIndex: 'idleSince', render: minuteOrEmpty },
    publicSince: { key: 'publicSince', title: t('publicSince'), dataIndex: 'publicSince', render: minuteOrEmpty },
    wechatCount: { key: 'wechatCount', title: t('wechatCount'), dataIndex: 'wechatCount', align: 'right' },
    acceptEmail: {
      key: 'acceptEmail',
      title: t('acceptEmail'),
      render: (_, row) => (
        <Switch
          size="small"
          checked={row.acceptEmail}
          disabled={!settings.editableEmail || !may(ACTION_PERMISSION.acceptEmail)}
          loading={acceptEmail.isPending && acceptEmail.variables?.id === row.id}
          onChange={(checked) => acceptEmail.mutate({ id: row.id, ver: row.ver, acceptEmail: checked })}
          data-testid={`customer-accept-email-${row.id}`}
        />
      ),
    },
  };

  const mayOpenDetail = may(ACTION_PERMISSION.detail);
  return [
    { key: 'code', title: t('code'), dataIndex: 'code', fixed: 'left' },
    {
      key: 'companyName',
      title: t('companyName'),
      dataIndex: 'companyName',
      render: (name: string, row) =>
        mayOpenDetail ? (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpenDetail(row.id)} data-testid={`customer-detail-${row.id}`}>
            {name}
          </Button>
        ) : (
          name
        ),
    },
    { key: 'contactName', title: t('contactName'), dataIndex: 'contactName' },
    { key: 'phone', title: t('phone'), render: (_, row) => [row.phone, row.mobile].filter(Boolean).join(' / ') || EMPTY },
    { key: 'email', title: t('email'), dataIndex: 'email', render: textOrEmpty },
    { key: 'country', title: t('country'), dataIndex: 'country', render: textOrEmpty },
    { key: 'source', title: t('source'), dataIndex: 'source', render: textOrEmpty },
    { key: 'level', title: t('level'), dataIndex: 'level', render: textOrEmpty },
    ...settings.columns.map((column) => extraColumns[column]),
    { key: 'createdAt', title: t('createdAt'), dataIndex: 'createdAt', render: minuteOrEmpty },
    actionsColumn(common('actions'), (row) => rowActions(list, row, may).map((action) => actionButton(row, action)), { fixed: 'right', empty: EMPTY }),
  ];
}
