import { Button, Checkbox, DatePicker, Divider, Flex, Form, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useMessages } from '@/shared/i18n';
import { useSave } from '@/shared/list';
import { usePermission } from '@/shared/permission';
import { registerCargo, updateWarehouse, useCargoReceipts, type CargoReceipt, type OrderDetail } from './api';
import { formatTime } from './format';
import { CargoFigures, FormDialog } from './FormDialog';
import { orderDetailMessages } from './messages';
import { useOrderSave } from './useOrderSave';
import { warehouseChanges, type WarehouseValues } from './orderForm';
import { PackingListEditor } from './PackingListEditor';

/** The order's cargo: lots received (register), the warehouse figures, and the packing list. */
export function OrderCargoTab({ order, onChanged, onStale }: { order: OrderDetail; onChanged: () => void; onStale: () => void }) {
  const t = useMessages(orderDetailMessages);
  const mayRegister = usePermission(['order:register']);
  const mayPack = usePermission(['order:package']);
  const receipts = useCargoReceipts(order.id, true);
  const [dialog, setDialog] = useState<'register' | 'warehouse' | null>(null);
  const voided = order.sideState === 'delete';
  const complete = receipts.data?.cargoComplete ?? order.cargoComplete ?? false;
  const columns: TableColumnsType<CargoReceipt> = [
    { key: 'receiptNo', dataIndex: 'receiptNo', title: t('receiptNo') },
    { key: 'packages', dataIndex: 'packages', title: t('packages') },
    { key: 'grossWeight', dataIndex: 'grossWeight', title: t('grossWeight') },
    { key: 'volume', dataIndex: 'volume', title: t('volume') },
    { key: 'location', dataIndex: 'location', title: t('receiptLocation'), render: (value: string | null) => value ?? t('empty') },
    { key: 'receivedAt', dataIndex: 'receivedAt', title: t('receivedAt'), render: formatTime },
    { key: 'createdByName', dataIndex: 'createdByName', title: t('receiptBy'), render: (value: string | null) => value ?? t('empty') },
    { key: 'remark', dataIndex: 'remark', title: t('remark'), render: (value: string | null) => value ?? t('empty') },
  ];
  const changed = () => {
    void receipts.refetch();
    onChanged();
  };
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center">
        <Flex gap={8} align="center">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('receiptsTitle')}
          </Typography.Title>
          <Tag color={complete ? 'green' : 'default'} data-testid="cargo-complete-state">
            {complete ? t('cargoComplete') : t('cargoIncomplete')}
          </Tag>
          {order.warehouseLocation ? <Typography.Text type="secondary">{`${t('warehouseLocation')}: ${order.warehouseLocation}`}</Typography.Text> : null}
        </Flex>
        {mayRegister && !voided ? (
          <Flex gap={8}>
            <Button onClick={() => setDialog('warehouse')} data-testid="warehouse-update">
              {t('warehouseUpdate')}
            </Button>
            <Button type="primary" onClick={() => setDialog('register')} data-testid="cargo-register">
              {t('registerCargo')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
      <Table<CargoReceipt>
        size="small"
        rowKey="id"
        loading={receipts.isPending}
        columns={columns}
        dataSource={receipts.data?.items ?? []}
        pagination={false}
        summary={() =>
          receipts.data?.items.length ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>{t('total')}</Table.Summary.Cell>
              <Table.Summary.Cell index={1}>{receipts.data.totals.packages}</Table.Summary.Cell>
              <Table.Summary.Cell index={2}>{receipts.data.totals.grossWeight}</Table.Summary.Cell>
              <Table.Summary.Cell index={3} colSpan={5}>
                {receipts.data.totals.volume}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
        data-testid="cargo-receipts"
      />
      <Divider titlePlacement="start">{t('packingTitle')}</Divider>
      <PackingListEditor order={order} editable={mayPack && !voided} onSaved={changed} />
      {dialog === 'register' ? (
        <RegisterDialog
          order={order}
          complete={complete}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            changed();
          }}
        />
      ) : null}
      {dialog === 'warehouse' ? (
        <WarehouseDialog
          order={order}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            changed();
          }}
          onStale={() => {
            setDialog(null);
            onStale();
          }}
        />
      ) : null}
    </Flex>
  );
}

interface RegisterValues {
  packages: number;
  grossWeight: number;
  volume: number;
  location?: string;
  receivedAt?: Dayjs | null;
  receiptNo?: string;
  remark?: string;
  complete?: boolean;
}

function RegisterDialog({ order, complete, onClose, onSaved }: { order: OrderDetail; complete: boolean; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(orderDetailMessages);
  const mayComplete = usePermission(['order:cargoComplete']);
  const [form] = Form.useForm<RegisterValues>();
  const save = useSave({
    save: (values: RegisterValues) =>
      registerCargo({
        orderId: order.id,
        packages: values.packages,
        grossWeight: values.grossWeight,
        volume: values.volume,
        location: values.location?.trim() || null,
        receivedAt: values.receivedAt?.toISOString(),
        receiptNo: values.receiptNo?.trim() || null,
        remark: values.remark?.trim() || null,
        complete: values.complete || undefined,
      }),
    form,
    onSaved,
  });
  return (
    <FormDialog<RegisterValues> title={t('registerCargo')} width={480} form={form} save={save} onClose={onClose} testId="cargo-register-form">
      <CargoFigures required />
      <Flex gap={12}>
        <Form.Item name="location" label={t('receiptLocation')} rules={[{ max: 100 }]} style={{ flex: 1 }}>
          <Input />
        </Form.Item>
        <Form.Item name="receivedAt" label={t('receivedAt')} style={{ flex: 1 }}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Form.Item name="receiptNo" label={t('receiptNo')} tooltip={t('receiptNoHint')} rules={[{ max: 40 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')} rules={[{ max: 500 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
      {mayComplete && !complete ? (
        <Form.Item name="complete" valuePropName="checked">
          <Checkbox data-testid="cargo-complete">{t('cargoCompleteCheck')}</Checkbox>
        </Form.Item>
      ) : null}
    </FormDialog>
  );
}

function WarehouseDialog({ order, onClose, onSaved, onStale }: { order: OrderDetail; onClose: () => void; onSaved: () => void; onStale: () => void }) {
  const t = useMessages(orderDetailMessages);
  const [form] = Form.useForm<WarehouseValues>();
  const save = useOrderSave({
    save: (values: WarehouseValues) => updateWarehouse({ orderId: order.id, ver: order.ver, ...warehouseChanges(order, values) }),
    form,
    onSaved,
    onStale,
  });
  return (
    <FormDialog<WarehouseValues>
      title={t('warehouseUpdate')}
      width={480}
      form={form}
      save={save}
      onClose={onClose}
      initialValues={{
        packages: order.packages,
        grossWeight: order.grossWeight,
        volume: order.volume,
        warehouseLocation: order.warehouseLocation ?? null,
        receivedAt: order.receivedAt ? dayjs(order.receivedAt) : null,
      }}
    >
      <CargoFigures required={false} />
      <Form.Item name="warehouseLocation" label={t('warehouseLocation')} rules={[{ max: 100 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="receivedAt" label={t('receivedAt')}>
        <DatePicker showTime style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}
