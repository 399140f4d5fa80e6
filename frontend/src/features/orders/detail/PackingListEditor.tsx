import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Flex, Input, InputNumber, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useMessages } from '@/shared/i18n';
import { savePackingList, usePackingList, type OrderDetail, type PackingListAnswer } from './api';
import { orderDetailMessages } from './messages';
import { useOrderSave } from './useOrderSave';
import { chargeableWeight, emptyRow, packingTotals, rowComplete, toBoxes, type PackingRow } from './packingList';

const MAX_BOXES = 500;

function rowsOf(answer: PackingListAnswer): PackingRow[] {
  return answer.boxes.map((box) => ({
    key: String(box.id),
    boxNo: box.boxNo,
    length: box.length,
    width: box.width,
    height: box.height,
    grossWeight: box.grossWeight,
    quantity: box.quantity,
    goodsName: box.goodsName,
    trackingNo: box.trackingNo,
  }));
}

/**
 * The order's packing list as an editable table with live totals; saving (order:package) replaces the
 * whole list and sets the order's packages, weight and volume from it, with the order's ver.
 */
export function PackingListEditor({ order, editable, onSaved }: { order: OrderDetail; editable: boolean; onSaved: () => void }) {
  const t = useMessages(orderDetailMessages);
  const { message } = App.useApp();
  const list = usePackingList(order.id, true);
  const [rows, setRows] = useState<PackingRow[] | null>(null);
  // each list the server answers (a reload, someone else's save) replaces the rows being edited
  const [rowsFrom, setRowsFrom] = useState<PackingListAnswer>();
  if (list.data !== rowsFrom) {
    setRowsFrom(list.data);
    if (list.data) setRows(rowsOf(list.data));
  }
  const save = useOrderSave({
    save: (boxes: ReturnType<typeof toBoxes>) => savePackingList(order.shipType, { orderId: order.id, ver: list.data?.ver ?? order.ver, boxes }),
    onSaved: (answer) => {
      setRows(rowsOf(answer));
      onSaved();
    },
    onStale: () => {
      void list.refetch();
      onSaved();
    },
  });

  const shown = rows ?? [];
  const change = (key: string, patch: Partial<PackingRow>) => setRows(shown.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const totals = packingTotals(shown);
  const smallbag = order.shipType === 'smallbag';

  function submit() {
    if (shown.length === 0) {
      message.warning(t('packingEmpty'));
      return;
    }
    const incomplete = shown.findIndex((row) => !rowComplete(row));
    if (incomplete >= 0) {
      message.warning(t('packingRowIncomplete', { row: incomplete + 1 }));
      return;
    }
    save.mutateAsync(toBoxes(shown)).catch(() => undefined);
  }

  const number = (field: 'length' | 'width' | 'height' | 'grossWeight' | 'quantity', precision: number, min: number) => ({
    key: field,
    title: t(`packing_${field}`),
    width: 110,
    render: (_: unknown, row: PackingRow) =>
      editable ? (
        <InputNumber
          size="small"
          min={min}
          precision={precision}
          value={row[field]}
          onChange={(value) => change(row.key, { [field]: value ?? null })}
          style={{ width: '100%' }}
          data-testid={`packing-${field}`}
        />
      ) : (
        row[field]
      ),
  });
  const text = (field: 'boxNo' | 'goodsName' | 'trackingNo', max: number) => ({
    key: field,
    title: t(`packing_${field}`),
    render: (_: unknown, row: PackingRow) =>
      editable ? (
        <Input size="small" maxLength={max} value={row[field] ?? ''} onChange={(event) => change(row.key, { [field]: event.target.value })} />
      ) : (
        (row[field] ?? t('empty'))
      ),
  });
  const columns: TableColumnsType<PackingRow> = [
    { key: 'lineNo', title: '#', width: 48, render: (_, __, index) => index + 1 },
    text('boxNo', 50),
    number('length', 1, 0.1),
    number('width', 1, 0.1),
    number('height', 1, 0.1),
    number('grossWeight', 3, 0.001),
    number('quantity', 0, 1),
    text('goodsName', 200),
    ...(smallbag ? [text('trackingNo', 50)] : []),
    ...(editable
      ? [
          {
            key: 'remove',
            width: 48,
            render: (_: unknown, row: PackingRow) => (
              <Button
                type="text"
                danger
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('delete')}
                onClick={() => setRows(shown.filter((r) => r.key !== row.key))}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Spin spinning={list.isPending}>
      <Flex vertical gap={8} data-testid="packing-list">
        <Table<PackingRow>
          size="small"
          rowKey="key"
          columns={columns}
          dataSource={shown}
          pagination={false}
          scroll={{ y: 360 }}
          summary={() => (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={columns.length}>
                  <Typography.Text strong data-testid="packing-totals">
                    {t('packingTotals', {
                      packages: totals.packages,
                      grossWeight: totals.grossWeight,
                      volume: totals.volume,
                      chargeable: chargeableWeight(order.shipType, totals) ?? t('empty'),
                    })}
                  </Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          )}
        />
        {editable ? (
          <Flex justify="space-between">
            <Button icon={<PlusOutlined />} disabled={shown.length >= MAX_BOXES} onClick={() => setRows([...shown, emptyRow()])} data-testid="packing-add">
              {t('packingAddRow')}
            </Button>
            <Button type="primary" loading={save.isPending} onClick={submit} data-testid="packing-save">
              {t('packingSave')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </Spin>
  );
}
