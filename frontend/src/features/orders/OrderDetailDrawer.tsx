import { Button, Drawer, Flex, Spin, Tabs, Tag, type TabsProps } from 'antd';
import { useEffect, useState } from 'react';
import { OrderIssueDialog } from '@/features/issue-board';
import { OrderFinancePanel } from '@/features/finance';
import { useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { documentKindOf, useOrderDetail, useRefreshOrder, type OrderDetail } from './detail/api';
import { orderDetailMessages } from './detail/messages';
import { orderMessages } from './messages';
import { OrderBasicTab } from './detail/OrderBasicTab';
import { OrderCargoTab } from './detail/OrderCargoTab';
import { OrderDeputyTab } from './detail/OrderDeputyTab';
import { OrderDocumentsTab } from './detail/OrderDocumentsTab';
import { OrderPriceTab } from './detail/OrderPriceTab';
import { OrderTimelineTab } from './detail/OrderTimelineTab';
import { OrderWorkTab } from './detail/OrderWorkTab';
import { useLineName } from './detail/useLineName';
import { useStageNames } from '@/shared/orders/stageNames';

const DRAWER_WIDTH = 1100;

export interface OrderDetailDrawerProps {
  /** the order shown; null closes the drawer */
  orderId: number | null;
  onClose: () => void;
  /** the order was changed here: lists showing it should reload */
  onChanged?: () => void;
}

/**
 * One order in a wide drawer: its header (number, line, stage, side state) and a tab per part of its
 * file. Each tab and each action inside is shown only to holders of its permission code.
 */
export function OrderDetailDrawer({ orderId, onClose, onChanged }: OrderDetailDrawerProps) {
  const t = useMessages(orderDetailMessages);
  const common = useMessages(orderMessages);
  const detail = useOrderDetail(orderId);
  const order = detail.data?.id === orderId ? detail.data : undefined;
  const mayDiscuss = usePermission(['order:bbs']);
  const [discussing, setDiscussing] = useState(false);
  const offersBoard = Boolean(order && mayDiscuss);
  // the issue board's module is fetched while the user reads the order, so 问题 opens without waiting for it
  useEffect(() => {
    if (offersBoard) OrderIssueDialog.preload();
  }, [offersBoard]);
  return (
    <Drawer
      open={orderId !== null}
      size={DRAWER_WIDTH}
      title={order ? <OrderHeader order={order} /> : t('drawerTitle')}
      onClose={onClose}
      destroyOnHidden
      data-testid="order-detail"
      extra={
        order && mayDiscuss ? (
          <Button onClick={() => setDiscussing(true)} data-testid="order-detail-bbs">
            {common('actionIssues')}
          </Button>
        ) : null
      }
    >
      {order ? (
        <OrderIssueDialog open={discussing} orderId={order.id} orderNo={order.orderNo} shipType={order.shipType} onClose={() => setDiscussing(false)} />
      ) : null}
      <Spin spinning={detail.isPending && orderId !== null}>{order ? <OrderTabs order={order} onChanged={onChanged} /> : null}</Spin>
    </Drawer>
  );
}

function OrderHeader({ order }: { order: OrderDetail }) {
  const t = useMessages(orderMessages);
  const line = useLineName(order.shipType);
  const stageNameOf = useStageNames();
  return (
    <Flex align="center" gap={8} data-testid="order-detail-header">
      <span>{order.orderNo}</span>
      <Tag color="geekblue">{line}</Tag>
      <Tag color="blue">{stageNameOf(order.shipType, `stage_${order.stage}` as 'stage_created')}</Tag>
      {order.sideState ? <Tag color={order.sideState === 'delete' ? 'default' : 'red'}>{t(`side_${order.sideState}`)}</Tag> : null}
    </Flex>
  );
}

function OrderTabs({ order, onChanged }: { order: OrderDetail; onChanged?: () => void }) {
  const t = useMessages(orderDetailMessages);
  const refresh = useRefreshOrder(order.id);
  const changed = () => {
    void refresh();
    onChanged?.();
  };
  const stale = () => void refresh();
  const shown = {
    cargo: usePermission(['order:register', 'order:package', 'order:detail']),
    documents: usePermission([`order:${documentKindOf(order)}`, 'order:detail', 'order:modify']),
    deputy: usePermission(['order:deputy', 'order:detail']),
    work: usePermission(['order:work']),
    price: usePermission(['order:price']),
    // the order's money, as the finance screens show it (GET order/verify/detail asks one of these)
    finance: usePermission(['finance:list', 'finance:inquiry']),
  };
  const items: NonNullable<TabsProps['items']> = [
    { key: 'basic', label: t('tabBasic'), children: <OrderBasicTab order={order} onSaved={changed} onStale={stale} /> },
    ...(shown.cargo ? [{ key: 'cargo', label: t('tabCargo'), children: <OrderCargoTab order={order} onChanged={changed} onStale={stale} /> }] : []),
    ...(shown.documents
      ? [{ key: 'documents', label: t('tabDocuments'), children: <OrderDocumentsTab order={order} onChanged={changed} onStale={stale} /> }]
      : []),
    ...(shown.deputy ? [{ key: 'deputy', label: t('tabDeputy'), children: <OrderDeputyTab order={order} onSaved={changed} onStale={stale} /> }] : []),
    { key: 'timeline', label: t('tabTimeline'), children: <OrderTimelineTab order={order} onChanged={changed} /> },
    ...(shown.work ? [{ key: 'work', label: t('tabWork'), children: <OrderWorkTab order={order} /> }] : []),
    ...(shown.price ? [{ key: 'price', label: t('tabPrice'), children: <OrderPriceTab order={order} /> }] : []),
    ...(shown.finance ? [{ key: 'finance', label: t('tabFinance'), children: <OrderFinancePanel orderId={order.id} /> }] : []),
  ];
  // panes stay mounted once opened, so an unsaved packing list or form survives a look at another tab
  return <Tabs items={items} />;
}
