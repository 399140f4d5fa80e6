import type { PermissionCode } from '@forwarder/domain';
import { Button, Descriptions, Drawer, Flex, Space, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useSession } from '@/shared/session/store';
import { useMessages } from '@/shared/i18n';
import { hasPermission, useAccess, usePermission } from '@/shared/permission';
import { useCustomerDetail, type CustomerDetail, type CustomerHistoryAction, type CustomerHistoryEntry } from './api';
import { OnlineConnections, WechatAccounts } from './CustomerAccounts';
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
