import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useDictOptions } from '@/features/admin/common/dictItems';
import { useMessages } from '@/shared/i18n';
import { useChargeTrail, type ChargeTrailEntry } from './api';
import { financeMessages } from './messages';

type FinanceKey = keyof typeof financeMessages.zh;

/** The label of each field the trail records. */
const FIELD_LABEL: Record<string, FinanceKey> = {
  kind: 'direction',
  type: 'type',
  amount: 'amount',
  currency: 'currency',
  rate: 'rate',
  taxRate: 'taxRate',
  tax: 'tax',
  bookAmount: 'bookAmount',
  counterparty: 'counterparty',
  chargedOn: 'chargedOn',
  remark: 'remark',
  voidedAt: 'voidedAt',
};

const ACTION_COLOR: Record<ChargeTrailEntry['action'], string> = { add: 'green', quote: 'cyan', import: 'blue', update: 'orange', void: 'default' };

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** The changed fields of an entry: "金额: 500 → 600"; an addition lists what the line was created with. */
export function trailChanges(entry: Pick<ChargeTrailEntry, 'before' | 'after'>, label: (field: string) => string): string[] {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return fields.map((field) => {
    const after = shown(entry.after?.[field]);
    return entry.before ? `${label(field)}: ${shown(entry.before[field])} → ${after}` : `${label(field)}: ${after}`;
  });
}

/** Every change of the order's charges, newest first: when, who, what, the fields it changed and why. */
export function ChargeTrail({ orderId }: { orderId: number }) {
  const t = useMessages(financeMessages);
  const types = useDictOptions('expenseType');
  const trail = useChargeTrail(orderId, true);
  const label = (field: string) => (FIELD_LABEL[field] ? t(FIELD_LABEL[field]) : field);
  const columns: TableColumnsType<ChargeTrailEntry> = [
    { key: 'createdAt', title: t('trailTime'), width: 150, render: (_, row) => dayjs(row.createdAt).format('YYYY-MM-DD HH:mm:ss') },
    { key: 'user', title: t('trailUser'), width: 100, render: (_, row) => row.userName ?? row.userId },
    { key: 'action', title: t('trailAction'), width: 110, render: (_, row) => <Tag color={ACTION_COLOR[row.action]}>{t(`trailAction_${row.action}`)}</Tag> },
    { key: 'line', title: t('trailLine'), width: 130, render: (_, row) => (row.kind ? `${t(`chargeKind_${row.kind}`)} · ${types.labelOf(row.type)}` : `#${row.chargeId}`) },
    {
      key: 'changes',
      title: t('trailChanges'),
      render: (_, row) => (
        <div>
          {trailChanges(row, label).map((line) => (
            <div key={line}>{line}</div>
          ))}
          {row.reason ? <Typography.Text type="secondary">{`${t('reason')}: ${row.reason}`}</Typography.Text> : null}
        </div>
      ),
    },
  ];
  return <Table<ChargeTrailEntry> rowKey="id" size="small" loading={trail.isFetching} pagination={{ pageSize: 10, hideOnSinglePage: true }} columns={columns} dataSource={trail.data ?? []} data-testid="charge-trail" />;
}
