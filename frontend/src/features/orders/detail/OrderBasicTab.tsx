import { MOVE_STAMPS } from '@forwarder/domain';
import { Button, DatePicker, Descriptions, Flex, type DescriptionsProps, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useState } from 'react';
import { useDictOptions } from '@/features/dict';
import { useLanguage, useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { containerNoRule } from '../containerNo';
import { orderMessages } from '../messages';
import { isSealable, SealDialog } from '../SealDialog';
import { updateOrder, type OrderDetail } from './api';
import { formatTime } from './format';
import { orderDetailMessages } from './messages';
import { useOrderSave } from './useOrderSave';
import { useLineName } from './useLineName';
import { changedFields, EDITABLE_TEXTS, fieldApplies, NUMBER_FIELDS, TEXT_MAX, TIME_FIELDS, toFormValues, type OrderFormValues } from './orderForm';

const DECIMALS: Record<(typeof NUMBER_FIELDS)[number], number> = { packages: 0, grossWeight: 3, volume: 4, chargeableWeight: 3, declaredValue: 2 };

/** Every field of the order; with order:modify, an edit form saved through `all/update` with the order's ver. */
export function OrderBasicTab({ order, onSaved, onStale }: { order: OrderDetail; onSaved: () => void; onStale: () => void }) {
  const mayModify = usePermission(['order:modify']);
  const maySeal = usePermission(['order:seal']) && isSealable(order);
  const [editing, setEditing] = useState(false);
  const [sealing, setSealing] = useState(false);
  const t = useMessages(orderDetailMessages);
  const common = useMessages(orderMessages);
  const voided = order.sideState === 'delete';
  const mayEdit = mayModify && !voided;
  return (
    <Flex vertical gap={12}>
      {(mayEdit || maySeal) && !editing ? (
        <Flex justify="flex-end" gap={8}>
          {maySeal ? (
            <Button onClick={() => setSealing(true)} data-testid="order-seal">
              {common('sealAction')}
            </Button>
          ) : null}
          {mayEdit ? (
            <Button type="primary" onClick={() => setEditing(true)} data-testid="order-edit">
              {t('edit')}
            </Button>
          ) : null}
        </Flex>
      ) : null}
      <SealDialog orders={sealing ? [order] : null} onClose={() => setSealing(false)} onSealed={onSaved} />
      {editing ? (
        <OrderEditForm
          order={order}
          onDone={() => {
            setEditing(false);
            onSaved();
          }}
          onStale={onStale}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <OrderFacts order={order} />
      )}
    </Flex>
  );
}

function OrderFacts({ order }: { order: OrderDetail }) {
  const t = useMessages(orderDetailMessages);
  const language = useLanguage();
  const line = useLineName(order.shipType);
  const text = (value: string | number | null) => (value === null || value === '' ? t('empty') : String(value));
  const port = (p: OrderDetail['originPort']) => (p ? `${p.code} ${language === 'en' ? p.nameEn : p.nameZh}` : t('empty'));
  const stageFields = (['containerNo', 'sealNo', 'waybillNo', 'customsDeclarationNo', 'vesselVoyage', 'flightNo', 'billOfLadingNo'] as const).filter((f) =>
    fieldApplies(order, f),
  );
  const singles: NonNullable<DescriptionsProps['items']> = [
    { key: 'orderNo', label: t('orderNo'), children: order.orderNo },
    { key: 'shipType', label: t('shipType'), children: line },
    { key: 'customer', label: t('customer'), children: `${text(order.customerCode)} ${order.customerName ?? ''}` },
    { key: 'salesman', label: t('salesman'), children: text(order.salesmanName) },
    { key: 'originPort', label: t('originPort'), children: port(order.originPort) },
    { key: 'destinationPort', label: t('destinationPort'), children: port(order.destinationPort) },
    { key: 'channel', label: t('channel'), children: text(order.channel) },
    { key: 'goodsName', label: t('goodsName'), children: order.goodsName },
    { key: 'shippingMark', label: t('shippingMark'), children: order.shippingMark },
    ...NUMBER_FIELDS.map((f) => ({ key: f, label: t(f), children: text(order[f]) })),
    { key: 'currency', label: t('currency'), children: text(order.currency) },
    { key: 'consignee', label: t('consignee'), children: text(order.consignee) },
    { key: 'consigneePhone', label: t('consigneePhone'), children: text(order.consigneePhone) },
    ...stageFields.map((f) => ({ key: f, label: t(f), children: text(order[f]) })),
    ...[...TIME_FIELDS, ...MOVE_STAMPS].map((f) => ({ key: f, label: t(f), children: formatTime(order[f]) ?? t('empty') })),
    { key: 'warehouseLocation', label: t('warehouseLocation'), children: text(order.warehouseLocation ?? null) },
    { key: 'receivedAt', label: t('receivedAt'), children: formatTime(order.receivedAt) ?? t('empty') },
    { key: 'createdAt', label: t('createdAt'), children: formatTime(order.createdAt) },
    { key: 'updatedAt', label: t('updatedAt'), children: formatTime(order.updatedAt) },
  ];
  // two per row: an odd last one takes the whole row
  if (singles.length % 2) singles[singles.length - 1] = { ...singles[singles.length - 1], span: 2 };
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      data-testid="order-facts"
      items={[
        ...singles,
        { key: 'deliveryAddress', label: t('deliveryAddress'), children: text(order.deliveryAddress), span: 2 },
        ...(order.sideReason ? [{ key: 'sideReason', label: t('sideReason'), children: order.sideReason, span: 2 }] : []),
        {
          key: 'remark',
          label: t('remark'),
          span: 2,
          children: <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{text(order.remark)}</Typography.Text>,
        },
      ]}
    />
  );
}

function OrderEditForm({ order, onDone, onStale, onCancel }: { order: OrderDetail; onDone: () => void; onStale: () => void; onCancel: () => void }) {
  const t = useMessages(orderDetailMessages);
  const [form] = Form.useForm<OrderFormValues>();
  const currencies = useDictOptions('currency');
  const save = useOrderSave({
    save: updateOrder,
    form,
    onSaved: onDone,
    onStale: () => {
      onStale();
      onCancel();
    },
  });
  return (
    <Form<OrderFormValues>
      form={form}
      layout="vertical"
      initialValues={toFormValues(order)}
      onFinish={(values) => void save.mutateAsync(changedFields(order, values)).catch(() => undefined)}
      data-testid="order-form"
    >
      <Flex wrap gap="0 16px">
        {EDITABLE_TEXTS.filter((f) => fieldApplies(order, f)).map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(field)}
            style={{ width: 300 }}
            rules={[
              { max: TEXT_MAX[field] },
              ...(field === 'goodsName' ? [{ required: true, whitespace: true, message: t('goodsNameRequired') }] : []),
              ...(field === 'containerNo' ? [containerNoRule()] : []),
            ]}
          >
            <Input data-testid={`order-${field}`} />
          </Form.Item>
        ))}
        {NUMBER_FIELDS.map((field) => (
          <Form.Item key={field} name={field} label={t(field)} style={{ width: 300 }}>
            <InputNumber
              min={field === 'declaredValue' ? 0 : DECIMALS[field] ? 0.001 : 1}
              precision={DECIMALS[field]}
              style={{ width: '100%' }}
              data-testid={`order-${field}`}
            />
          </Form.Item>
        ))}
        <Form.Item name="currency" label={t('currency')} style={{ width: 300 }}>
          <Select allowClear options={currencies.options} loading={currencies.isFetching} />
        </Form.Item>
        {TIME_FIELDS.map((field) => (
          <Form.Item key={field} name={field} label={t(field)} style={{ width: 300 }}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
        ))}
        {/* arrival and delivery are stamped by their moves (the server refuses them here): shown, not edited */}
        {MOVE_STAMPS.map((field) => (
          <Form.Item key={field} label={t(field)} style={{ width: 300 }}>
            <Input value={formatTime(order[field]) ?? ''} placeholder={t('empty')} disabled data-testid={`order-${field}`} />
          </Form.Item>
        ))}
      </Flex>
      <Form.Item name="remark" label={t('remark')} rules={[{ max: 1000 }]}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onCancel}>{t('cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="order-save">
          {t('save')}
        </Button>
      </Flex>
    </Form>
  );
}
