import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useDictOptions } from '@/features/dict';
import { useMessages } from '@/shared/i18n';
import { useChargeTrail, type ChargeTrailEntry } from './api';
import { financeMessages } from './messages';

type FinanceKey = keyof typeof financeMessages.zh;

/** The label of each field the trail records, in the order they are shown (the direction is the 费用 column's). */
const FIELD_LABEL: Record<string, FinanceKey> = {
  type: 'type',
  amount: 'amount',
  currency: 'currency',
  taxRate: 'taxRate',
  tax: 'tax',
  rate: 'rate',
  bookAmount: 'bookAmount',
  counterparty: 'counterparty',
  chargedOn: 'chargedOn',
  remark: 'remark',
  voidedAt: 'voidedAt',
};
const SHOWN_FIELDS = Object.keys(FIELD_LABEL);

const ACTION_COLOR: Record<ChargeTrailEntry['action'], string> = { add: 'green', quote: 'cyan', import: 'blue', update: 'orange', void: 'default' };

const blank = (value: unknown) => value === null || value === undefined || value === '';

/**
 * The changed fields of an entry in a fixed order, "金额: 500 → 600"; an addition lists what the line
 * was created with. `label` names a field, `text` shows one of its values.
 */
export function trailChanges(
  entry: Pick<ChargeTrailEntry, 'before' | 'after'>,
  label: (field: string) => string,
  text: (field: string, value: unknown) => string = (_, value) => String(value),
): string[] {
  const present = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  const shown = (field: string, value: unknown) => (blank(value) ? '—' : text(field, value));
  return SHOWN_FIELDS.filter((field) => present.has(field)).map((field) => {
    const after = shown(field, entry.after?.[field]);
    return entry.before ? `${label(field)}: ${shown(field, entry.before[field])} → ${after}` : `${label(field)}: ${after}`;
  });
}

/** Every change of the order's charges, newest first: when, who, what, the fields it changed and why. */
export function ChargeTrail({ orderId }: { orderId: number }) {
  const t = useMessages(financeMessages);
  const types = useDictOptions('expenseType');
  const trail = useChargeTrail(orderId, true);
  const label = (field: string) => t(FIELD_LABEL[field]);
  const text = (field: string, value: unknown) =>
    field === 'voidedAt' ? dayjs(String(value)).format('YYYY-MM-DD HH:mm:ss') : field === 'type' ? types.labelOf(String(value)) : String(value);
  const columns: TableColumnsType<ChargeTrailEntry> = [
    { key: 'createdAt', title: t('trailTime'), width: 150, render: (_, row) => dayjs(row.createdAt).format('YYYY-MM-DD HH:mm:ss') },
    { key: 'user', title: t('trailUser'), width: 100, render: (_, row) => row.userName ?? row.userId },
    { key: 'action', title: t('trailAction'), width: 110, render: (_, row) => <Tag color={ACTION_COLOR[row.action]}>{t(`trailAction_${row.action}`)}</Tag> },
    {
      key: 'line',
      title: t('trailLine'),
      width: 130,
      render: (_, row) => (row.kind ? `${t(`chargeKind_${row.kind}`)} · ${types.labelOf(row.type)}` : `#${row.chargeId}`),
    },
    {
      key: 'changes',
      title: t('trailChanges'),
      render: (_, row) => (
        <div>
          {trailChanges(row, label, text).map((line) => (
            <div key={line}>{line}</div>
          ))}
          {row.reason ? <Typography.Text type="secondary">{`${t('reason')}: ${row.reason}`}</Typography.Text> : null}
        </div>
      ),
    },
  ];
  return (
    <Table<ChargeTrailEntry>
      rowKey="id"
      size="small"
      loading={trail.isFetching}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      columns={columns}
      dataSource={trail.data ?? []}
      data-testid="charge-trail"
    />
  );
}
