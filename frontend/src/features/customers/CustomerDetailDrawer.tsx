import type { PermissionCode } from '@forwarder/domain';
import { Avatar, Button, Descriptions, Drawer, Flex, Space, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useSession } from '@/shared/session/store';
import { useMessages } from '@/shared/i18n';
import { actionsColumn, ConfirmAction, listMessages, ListPage, usePagedList, useSave, type ListPageProps } from '@/shared/list';
import { hasPermission, useAccess, usePermission } from '@/shared/permission';
import {
  forceOffline,
  ONLINE_LIST_PATH,
  unbindWechatAccount,
  useCustomerDetail,
  useRefreshCustomers,
  WECHAT_LIST_PATH,
  type CustomerDetail,
  type CustomerHistoryAction,
  type CustomerHistoryEntry,
  type OnlineConnection,
  type WechatAccount,
} from './api';
import { CustomerCheckDialog } from './CustomerCheckDialog';
import { detailActions } from './customerLists';
import { CustomerReleaseDialog } from './CustomerReleaseDialog';
import { ReviewStatusTag } from './ReviewStatusTag';
import { customerMessages, type CustomerMessageKey } from './messages';
import { EMPTY, minuteOrEmpty, textOrEmpty } from '@/shared/format/empty';

/**
 * A customer's details with its actions (审核, 释放到公海) and history, and the mini-program accounts bound
 * to it (unbinding with customers:wechat).
 */
export function CustomerDetailDrawer({ customerId, onClose }: { customerId: number | null; onClose: () => void }) {
  const t = useMessages(customerMessages);
  const detail = useCustomerDetail(customerId);
  const mayManageWechat = usePermission(['customers:wechat']);
  return (
    <Drawer
      open={customerId !== null}
      size={760}
      title={t('detailTitle')}
      extra={detail.data ? <CustomerActions customer={detail.data} /> : null}
      onClose={onClose}
      destroyOnHidden
      data-testid="customer-detail"
    >
      <Spin spinning={detail.isPending}>
        {detail.data ? <CustomerFacts customer={detail.data} /> : null}
        {detail.data ? <CustomerHistory history={detail.data.history} /> : null}
      </Spin>
      {customerId !== null && mayManageWechat ? <WechatAccounts customerId={customerId} /> : null}
      {customerId !== null && mayManageWechat ? <OnlineConnections customerId={customerId} /> : null}
    </Drawer>
  );
}

/** 审核 and 释放到公海 for those who may, on this customer (hidden for the others; the server is the guard). */
function CustomerActions({ customer }: { customer: CustomerDetail }) {
  const t = useMessages(customerMessages);
  const access = useAccess();
  const userId = useSession((state) => state.userId);
  const [open, setOpen] = useState<'check' | 'release' | null>(null);
  const may = (code: PermissionCode) => hasPermission([code], access);
  const actions = detailActions(customer, { userId: userId === null ? null : Number(userId), seesAll: may('customers:all') }, may);
  if (!actions.length) return null;
  return (
    <Space>
      {actions.includes('check') ? (
        <Button type="primary" onClick={() => setOpen('check')} data-testid="customer-detail-check">
          {t('actionCheck')}
        </Button>
      ) : null}
      {actions.includes('release') ? (
        <Button danger onClick={() => setOpen('release')} data-testid="customer-detail-release">
          {t('actionRelease')}
        </Button>
      ) : null}
      <CustomerCheckDialog customer={open === 'check' ? customer : null} onClose={() => setOpen(null)} />
      <CustomerReleaseDialog customer={open === 'release' ? customer : null} onClose={() => setOpen(null)} />
    </Space>
  );
}

const HISTORY_ACTION: Record<CustomerHistoryAction, CustomerMessageKey> = {
  approve: 'historyApprove',
  reject: 'historyReject',
  release: 'historyRelease',
  drop: 'historyDrop',
  claim: 'historyClaim',
};

/** Reviews, releases, drops into the pool and claims, newest first, with their reasons. */
function CustomerHistory({ history }: { history: CustomerHistoryEntry[] }) {
  const t = useMessages(customerMessages);
  const columns: TableColumnsType<CustomerHistoryEntry> = [
    { key: 'createdAt', dataIndex: 'createdAt', title: t('historyTime'), render: minuteOrEmpty, width: 150 },
    {
      key: 'action',
      title: t('historyAction'),
      render: (_, entry) => <Tag color={entry.action === 'release' || entry.action === 'drop' ? 'orange' : undefined}>{t(HISTORY_ACTION[entry.action])}</Tag>,
    },
    { key: 'salesman', dataIndex: 'salesmanName', title: t('historySalesman'), render: (name: string | null) => name || EMPTY },
    { key: 'by', title: t('historyBy'), render: (_, entry) => (entry.userId === null ? t('historySystem') : entry.userName || EMPTY) },
    {
      key: 'reason',
      dataIndex: 'reason',
      title: t('historyReason'),
      render: (reason: string | null) => <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{reason || EMPTY}</Typography.Text>,
    },
  ];
  return (
    <Flex vertical gap={8} style={{ marginTop: 24 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('historyTitle')}
      </Typography.Title>
      <Table size="small" rowKey="id" columns={columns} dataSource={history} pagination={false} data-testid="customer-history" />
    </Flex>
  );
}

function CustomerFacts({ customer }: { customer: CustomerDetail }) {
  const t = useMessages(customerMessages);
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      items={[
        { key: 'code', label: t('code'), children: customer.code },
        { key: 'companyName', label: t('companyName'), children: customer.companyName },
        { key: 'contactName', label: t('contactName'), children: customer.contactName },
        { key: 'salesman', label: t('salesman'), children: textOrEmpty(customer.salesmanName) },
        { key: 'phone', label: t('phone'), children: textOrEmpty(customer.phone) },
        { key: 'mobile', label: t('mobile'), children: textOrEmpty(customer.mobile) },
        { key: 'email', label: t('email'), children: textOrEmpty(customer.email) },
        { key: 'country', label: t('country'), children: textOrEmpty(customer.country) },
        { key: 'address', label: t('address'), children: textOrEmpty(customer.address), span: 2 },
        { key: 'source', label: t('source'), children: textOrEmpty(customer.source) },
        { key: 'level', label: t('level'), children: textOrEmpty(customer.level) },
        { key: 'reviewStatus', label: t('reviewStatus'), children: <ReviewStatusTag customer={customer} /> },
        { key: 'acceptEmail', label: t('acceptEmail'), children: customer.acceptEmail ? t('yes') : t('no') },
        { key: 'reviewer', label: t('reviewer'), children: textOrEmpty(customer.reviewerName) },
        { key: 'reviewedAt', label: t('reviewedAt'), children: minuteOrEmpty(customer.reviewedAt) },
        { key: 'reviewRemark', label: t('reviewRemark'), children: textOrEmpty(customer.reviewRemark), span: 2 },
        { key: 'protectedUntil', label: t('protectedUntil'), children: minuteOrEmpty(customer.protectedUntil) },
        { key: 'lastOrderAt', label: t('lastOrderAt'), children: minuteOrEmpty(customer.lastOrderAt) },
        { key: 'publicSince', label: t('publicSince'), children: minuteOrEmpty(customer.publicSince) },
        { key: 'createdBy', label: t('createdBy'), children: `${textOrEmpty(customer.createdByName)} · ${minuteOrEmpty(customer.createdAt)}` },
        {
          key: 'remark',
          label: t('remark'),
          span: 2,
          children: <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{textOrEmpty(customer.remark)}</Typography.Text>,
        },
      ]}
    />
  );
}

function WechatAccounts({ customerId }: { customerId: number }) {
  const t = useMessages(customerMessages);
  const common = useMessages(listMessages);
  const refresh = useRefreshCustomers();
  const list = usePagedList<WechatAccount, { customerId: number }>(WECHAT_LIST_PATH, { customerId }, 10);
  const unbind = useSave({ save: unbindWechatAccount, savedMessage: t('unbound'), onSaved: () => void refresh(), onStale: () => void refresh() });
  const columns: TableColumnsType<WechatAccount> = [
    {
      key: 'nickname',
      title: t('wechatNickname'),
      render: (_, account) => (
        <Flex align="center" gap={8}>
          <Avatar size="small" src={account.avatarUrl ?? undefined} />
          {account.nickname ?? EMPTY}
        </Flex>
      ),
    },
    { key: 'openId', dataIndex: 'openId', title: t('wechatOpenId') },
    { key: 'boundAt', dataIndex: 'boundAt', title: t('wechatBoundAt'), render: minuteOrEmpty },
    { key: 'lastSeenAt', dataIndex: 'lastSeenAt', title: t('wechatLastSeenAt'), render: minuteOrEmpty },
    actionsColumn(common('actions'), (account) => (
      <ConfirmAction title={t('unbindConfirm')} onConfirm={() => unbind.mutateAsync(account.id)}>
        {t('unbind')}
      </ConfirmAction>
    )),
  ];
  return <DrawerList title={t('wechatTitle')} list={list} columns={columns} testId="customer-wechats" />;
}

/** The customer's mini-program connections live right now (any process), each can be forced off. */
function OnlineConnections({ customerId }: { customerId: number }) {
  const t = useMessages(customerMessages);
  const common = useMessages(listMessages);
  const list = usePagedList<OnlineConnection, { customerId: number }>(ONLINE_LIST_PATH, { customerId }, 10);
  const close = useSave({ save: forceOffline, savedMessage: t('forcedOffline'), onSaved: () => void list.refresh(), onStale: () => void list.refresh() });
  const columns: TableColumnsType<OnlineConnection> = [
    { key: 'nickname', dataIndex: 'nickname', title: t('wechatNickname') },
    { key: 'openId', dataIndex: 'openId', title: t('wechatOpenId') },
    { key: 'transport', dataIndex: 'transport', title: t('onlineTransport') },
    { key: 'connectedAt', dataIndex: 'connectedAt', title: t('onlineSince'), render: minuteOrEmpty },
    actionsColumn(common('actions'), (connection) => (
      <ConfirmAction title={t('forceOfflineConfirm')} onConfirm={() => close.mutateAsync(connection.connectionId)}>
        {t('forceOffline')}
      </ConfirmAction>
    )),
  ];
  return <DrawerList title={t('onlineTitle')} list={list} columns={columns} rowKey="connectionId" testId="customer-online" />;
}

/** A list below the customer's details, headed by its title and how many rows it has. */
function DrawerList<T extends object, F extends object>({ title, ...page }: { title: string } & ListPageProps<T, F>) {
  return (
    <Flex vertical gap={8} style={{ marginTop: 24 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {title} <Tag>{page.list.data?.totalCount ?? 0}</Tag>
      </Typography.Title>
      <ListPage {...page} />
    </Flex>
  );
}
