import type { PriceBreak } from '@forwarder/domain';
import { Table, Tag, type TableColumnsType } from 'antd';
import { useLanguage, useMessages } from '@/shared/i18n';
import { actionsColumn, ConfirmAction, listMessages, RowAction } from '@/shared/list';
import type { Price } from './api';
import { priceMessages } from './messages';
import { portLabel } from './PortSelect';

/** What a row offers a holder of price:modify; without them the list has no 操作 column. */
export interface PriceRowActions {
  onEdit: (price: Price) => void;
  onDelete: (price: Price) => Promise<unknown>;
}

/** The price list's columns: kind, route, channel, unit, currency, minimum, validity, breaks and remark, then the row's actions. */
export function usePriceColumns(actions?: PriceRowActions): TableColumnsType<Price> {
  const t = useMessages(priceMessages);
  const common = useMessages(listMessages);
  const language = useLanguage();
  const kindTag = (kind: Price['kind']) => (kind === 'cost' ? <Tag color="orange">{t('kindCost')}</Tag> : <Tag color="blue">{t('kindQuotation')}</Tag>);
  const columns: TableColumnsType<Price> = [
    { key: 'id', title: t('id'), dataIndex: 'id' },
    { key: 'kind', title: t('kind'), dataIndex: 'kind', render: kindTag },
    { key: 'origin', title: t('origin'), render: (_, price) => (price.originPort ? portLabel(price.originPort, language) : price.originPortId) },
    {
      key: 'destination',
      title: t('destination'),
      render: (_, price) => (price.destinationPort ? portLabel(price.destinationPort, language) : price.destinationPortId),
    },
    { key: 'channel', title: t('channel'), dataIndex: 'channel' },
    { key: 'unit', title: t('unit'), dataIndex: 'unit' },
    { key: 'currency', title: t('currency'), dataIndex: 'currency' },
    { key: 'minCharge', title: t('minCharge'), dataIndex: 'minCharge', align: 'right' },
    { key: 'validity', title: t('validity'), render: (_, price) => `${price.validFrom} ~ ${price.validTo}` },
    { key: 'breaks', title: t('breaks'), render: (_, price) => t('breakCount', { count: price.breaks.length }) },
    { key: 'remark', title: t('remark'), dataIndex: 'remark', ellipsis: true, render: (remark: string | null) => remark || '----' },
  ];
  if (actions) {
    columns.push(
      actionsColumn(
        common('actions'),
        (price) => (
          <>
            <RowAction onClick={() => actions.onEdit(price)} testId={`price-edit-${price.id}`}>
              {common('edit')}
            </RowAction>
            <ConfirmAction title={common('deleteConfirm')} onConfirm={() => actions.onDelete(price)} testId={`price-delete-${price.id}`} />
          </>
        ),
        { fixed: 'right' },
      ),
    );
  }
  return columns;
}

/** A price's breaks, the row's expansion: from which quantity (in the price's unit) which unit price applies. */
export function PriceBreaks({ price }: { price: Price }) {
  const t = useMessages(priceMessages);
  const columns: TableColumnsType<PriceBreak> = [
    { key: 'minQuantity', dataIndex: 'minQuantity', title: t('minQuantity'), render: (from: number) => t('breakRange', { from, unit: price.unit }) },
    { key: 'unitPrice', dataIndex: 'unitPrice', title: t('unitPrice') },
  ];
  return <Table<PriceBreak> size="small" rowKey="minQuantity" pagination={false} style={{ maxWidth: 480 }} columns={columns} dataSource={price.breaks} />;
}
