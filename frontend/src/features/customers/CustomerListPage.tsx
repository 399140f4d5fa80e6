import { type CustomerList } from '@forwarder/domain';
import type { PermissionCode } from '@forwarder/domain';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Popconfirm, Result, Select, Switch, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { usePageRoute } from '@/app/pageRoute';
import { useMessages } from '@/shared/i18n';
import { actionsColumn, isStale, listMessages, ListPage, SearchText, usePagedList, useSave } from '@/shared/list';
import { hasPermission, useAccess, usePermission } from '@/shared/permission';
import {
  claimCustomer,
  CUSTOMER_LIST_PATH,
  deleteCustomer,
  protectCustomer,
  setAcceptEmail,
  useRefreshCustomers,
  useStaffWithRole,
  type CustomerFilters,
  type CustomerRow,
} from './api';
import { useBindCodeDialog } from './BindCodeDialog';
import { CustomerCheckDialog } from './CustomerCheckDialog';
import { CustomerDetailDrawer } from './CustomerDetailDrawer';
import { CustomerEditDialog } from './CustomerEditDialog';
import { CustomerReleaseDialog } from './CustomerReleaseDialog';
import { useDictOptions } from './CustomerFormFields';
import { ACTION_PERMISSION, customerListOf, LIST_SETTINGS, rowActions, type CustomerAction, type CustomerColumn } from './customerLists';
import { ReviewStatusTag } from './ReviewStatusTag';
import { customerMessages } from './messages';
import { EMPTY, minuteOrEmpty, textOrEmpty } from '@/shared/format/empty';
import { EllipsisText } from '@/shared/components/EllipsisText';
import { awaitedByAntd } from '@/shared/awaited-by-antd';

/** The one screen of the seven customer lists (/customers/checkList …): the route says which list. */
export function CustomerListPage() {
  const list = customerListOf(usePageRoute().path);
  return list ? <CustomerListScreen key={list} list={list} /> : <Result status="404" />;
}

function CustomerListScreen({ list }: { list: CustomerList }) {
  const t = useMessages(customerMessages);
  const common = useMessages(listMessages);
  const access = useAccess();
  const may = (permission: PermissionCode) => hasPermission([permission], access);
  const settings = LIST_SETTINGS[list];
  const paged = usePagedList<CustomerRow, CustomerFilters>(CUSTOMER_LIST_PATH, { list });
  const sources = useDictOptions('customerSource');
  const levels = useDictOptions('customerLevel');
  const seesAll = usePermission(['customers:all']);
  const salesmen = useStaffWithRole('salesman', seesAll && settings.bySalesman);
  const openBindCode = useBindCodeDialog();
  const [editing, setEditing] = useState<CustomerRow | null>(null);
  const [checking, setChecking] = useState<CustomerRow | null>(null);
  const [releasing, setReleasing] = useState<CustomerRow | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);

  const { message } = App.useApp();
  const refresh = useRefreshCustomers();
  const reload = () => void refresh();
  const acceptEmail = useSave({ save: setAcceptEmail, onSaved: reload, onStale: reload });
  const claim = useSave({ save: claimCustomer, savedMessage: t('claimed'), onSaved: reload, onStale: reload });
  const remove = useSave({ save: deleteCustomer, onSaved: reload, onStale: reload });
  // protecting tells until when
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

  const actionButton = (row: CustomerRow, action: CustomerAction): ReactNode => {
    const link = (label: string, onClick?: () => void, danger = false) => (
      <Button key={action} type="link" size="small" danger={danger} onClick={onClick} data-testid={`customer-${action}-${row.id}`}>
        {label}
      </Button>
    );
    switch (action) {
      case 'check':
        return link(t('actionCheck'), () => setChecking(row));
      case 'edit':
        return link(common('edit'), () => setEditing(row));
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
        return link(t('actionRelease'), () => setReleasing(row), true);
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
  const columns: TableColumnsType<CustomerRow> = [
    { key: 'code', title: t('code'), dataIndex: 'code', fixed: 'left' },
    {
      key: 'companyName',
      title: t('companyName'),
      dataIndex: 'companyName',
      render: (name: string, row) =>
        mayOpenDetail ? (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setDetailId(row.id)} data-testid={`customer-detail-${row.id}`}>
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

  return (
    <>
      <ListPage<CustomerRow, CustomerFilters>
        list={paged}
        columns={columns}
        fixedFilters={{ list }}
        testId={`customer-list-${list}`}
        exportPath="/customers/list/export"
        exportName={`customers-${list}.xlsx`}
        searchFields={
          <>
            <SearchText name="key" label={t('searchKey')} max={50} placeholder={t('searchKeyPlaceholder')} testId="customer-search-key" />
            <Form.Item name="source" label={t('source')}>
              <Select allowClear style={{ width: 140 }} placeholder={t('selectPlaceholder')} options={sources.options} />
            </Form.Item>
            <Form.Item name="level" label={t('level')}>
              <Select allowClear style={{ width: 120 }} placeholder={t('selectPlaceholder')} options={levels.options} />
            </Form.Item>
            {seesAll && settings.bySalesman ? (
              <Form.Item name="salesmanId" label={t('salesman')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  style={{ width: 160 }}
                  placeholder={t('selectPlaceholder')}
                  options={salesmen.data?.map((staff) => ({ value: staff.id, label: staff.fullName }))}
                />
              </Form.Item>
            ) : null}
          </>
        }
      />
      <CustomerEditDialog customer={editing} onClose={() => setEditing(null)} />
      <CustomerCheckDialog customer={checking} onClose={() => setChecking(null)} />
      <CustomerReleaseDialog customer={releasing} onClose={() => setReleasing(null)} />
      <CustomerDetailDrawer customerId={detailId} onClose={() => setDetailId(null)} />
    </>
  );
}
