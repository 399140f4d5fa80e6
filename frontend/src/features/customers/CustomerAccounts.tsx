import { Avatar, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { useMessages } from '@/shared/i18n';
import { actionsColumn, ConfirmAction, listMessages, ListPage, usePagedList, useSave, type ListPageProps } from '@/shared/list';
import { forceOffline, ONLINE_LIST_PATH, unbindWechatAccount, useRefreshCustomers, WECHAT_LIST_PATH, type OnlineConnection, type WechatAccount } from './api';
import { customerMessages } from './messages';
import { EMPTY, minuteOrEmpty } from '@/shared/format/empty';

/**
 * The accounts bound to a customer: mini-program accounts and customer-portal accounts (docs/portal.md), each
 * with its last visit and 解绑 (which also ends a portal account's sessions and connections).
 */
export function WechatAccounts({ customerId }: { customerId: number }) {
  const t = useMessages(customerMessages);
  const common = useMessages(listMessages);
  const refresh = useRefreshCustomers();
  const list = usePagedList<WechatAccount, { customerId: number }>(WECHAT_LIST_PATH, { customerId }, 10);
  const unbind = useSave({ save: unbindWechatAccount, savedMessage: t('unbound'), onSaved: () => void refresh(), onStale: () => void refresh() });
  const columns: TableColumnsType<WechatAccount> = [
    {
      key: 'nickname',
      title: t('wechatNickname'),
      render: (_, account) =>
        account.portal ? (
          <Flex align="center" gap={8}>
            <Tag color="blue">{t('portalAccountTag')}</Tag>
            {account.portal.name}
          </Flex>
        ) : (
          <Flex align="center" gap={8}>
            <Avatar size="small" src={account.avatarUrl ?? undefined} />
            {account.nickname ?? EMPTY}
          </Flex>
        ),
    },
    { key: 'openId', title: t('wechatOpenId'), render: (_, account) => account.portal?.account ?? account.openId },
    { key: 'boundAt', dataIndex: 'boundAt', title: t('wechatBoundAt'), render: minuteOrEmpty },
    { key: 'lastSeenAt', title: t('wechatLastSeenAt'), render: (_, account) => minuteOrEmpty(account.portal?.lastSeenAt ?? account.lastSeenAt) },
    actionsColumn(common('actions'), (account) => (
      <ConfirmAction title={account.portal ? t('unbindPortalConfirm') : t('unbindConfirm')} onConfirm={() => unbind.mutateAsync(account.id)}>
        {t('unbind')}
      </ConfirmAction>
    )),
  ];
  return <DrawerList title={t('wechatTitle')} list={list} columns={columns} testId="customer-wechats" />;
}

/** The customer's mini-program connections live right now (any process), each can be forced off. */
export function OnlineConnections({ customerId }: { customerId: number }) {
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
