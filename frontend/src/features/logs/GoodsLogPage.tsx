import { Tag } from 'antd';
import type { Schema } from '@/shared/api';
import { useMessages } from '@/shared/i18n';
import { formatTime } from './format';
import { LogListPage } from './LogListPage';
import { logMessages } from './messages';

/** A warehouse receipt (the model the Word receipt prints too). */
type WarehouseReceipt = Schema<'WarehouseReceipt'>;

/** /log/goods: every warehouse receipt (cargo registrations and moves to the warehouse), newest first. */
export function GoodsLogPage() {
  const t = useMessages(logMessages);
  return (
    <LogListPage<WarehouseReceipt>
      screen="goods"
      rowKey="receiptNo"
      userLabel={t('receiptOperator')}
      columns={[
        { key: 'receiptNo', title: t('receiptNo'), dataIndex: 'receiptNo' },
        { key: 'orderNo', title: t('orderNo'), dataIndex: 'orderNo' },
        { key: 'kind', title: t('receiptKind'), render: (_, row) => <Tag color={row.kind === 'register' ? 'blue' : 'green'}>{t(`kind_${row.kind}`)}</Tag> },
        { key: 'packages', title: t('packages'), dataIndex: 'packages', align: 'right' },
        { key: 'grossWeight', title: t('grossWeight'), dataIndex: 'grossWeight', align: 'right' },
        { key: 'volume', title: t('volume'), dataIndex: 'volume', align: 'right' },
        { key: 'chargeableWeight', title: t('chargeableWeight'), dataIndex: 'chargeableWeight', align: 'right' },
        { key: 'location', title: t('location'), dataIndex: 'location' },
        { key: 'remark', title: t('remark'), dataIndex: 'remark', ellipsis: true },
        { key: 'receivedByName', title: t('receiptOperator'), dataIndex: 'receivedByName' },
        { key: 'receivedAt', title: t('receivedAt'), dataIndex: 'receivedAt', render: formatTime },
        { key: 'recordedAt', title: t('recordedAt'), dataIndex: 'recordedAt', render: formatTime },
      ]}
    />
  );
}
