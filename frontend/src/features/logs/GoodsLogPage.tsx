import { ListPage } from '@/shared/list';
import { useMessages } from '@/shared/i18n';
import { formatTime } from './format';
import { LogFilterFields } from './LogFilterFields';
import type { LogFilterValues } from './logQuery';
import { logMessages } from './messages';
import { useLogList } from './useLogList';

interface GoodsReceipt {
  id: number;
  orderId: number;
  orderNo: string;
  packages: number;
  grossWeight: number;
  volume: number;
  remark: string | null;
  operatorId: number | null;
  operatorName: string | null;
  createdAt: string;
}

/** /log/goods: the latest warehouse receipt of each order. */
export function GoodsLogPage() {
  const t = useMessages(logMessages);
  const list = useLogList<GoodsReceipt>('/log/goods/list');
  return (
    <ListPage<GoodsReceipt, LogFilterValues>
      list={list}
      rowKey="id"
      testId="log-goods"
      searchFields={<LogFilterFields userLabel={t('receiptOperator')} textHint={t('goodsTextHint')} />}
      columns={[
        { key: 'orderNo', title: t('orderNo'), dataIndex: 'orderNo' },
        { key: 'packages', title: t('packages'), dataIndex: 'packages', align: 'right' },
        { key: 'grossWeight', title: t('grossWeight'), dataIndex: 'grossWeight', align: 'right' },
        { key: 'volume', title: t('volume'), dataIndex: 'volume', align: 'right' },
        { key: 'remark', title: t('remark'), dataIndex: 'remark', ellipsis: true },
        { key: 'operatorName', title: t('receiptOperator'), dataIndex: 'operatorName' },
        { key: 'createdAt', title: t('receivedAt'), dataIndex: 'createdAt', render: formatTime },
      ]}
    />
  );
}
