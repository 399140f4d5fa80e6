import { App, Button, DatePicker, Divider, Flex, Form, Input, InputNumber, Radio, Spin, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { downloadFile, RequestError } from '@/shared/request';
import { documentKindOf, saveDocument, updateSail, useOrderDocument, type DocumentKind, type OrderDetail, type OrderDocument } from './api';
import { orderDetailMessages } from './messages';
import { SaveBar } from './SaveBar';
import { useOrderSave } from './useOrderSave';

/** two fields a row */
const HALF = 'calc(50% - 8px)';

type DocumentValues = Record<string, string | number | Dayjs | null | undefined>;

/** The form of each kind: its number, places and goods under the names its call uses (docs/order-documents.md). */
const DOCUMENT_FIELDS: Record<DocumentKind, { name: string; max: number; required?: boolean; rows?: number }[]> = {
  waybill: [
    { name: 'waybillNo', max: 50, required: true },
    { name: 'from', max: 200, required: true },
    { name: 'to', max: 200, required: true },
    { name: 'shipper', max: 500, required: true, rows: 3 },
    { name: 'consignee', max: 500, required: true, rows: 3 },
    { name: 'notifyParty', max: 500, rows: 2 },
    { name: 'goodsDescription', max: 2000, required: true, rows: 3 },
    { name: 'marks', max: 1000, rows: 2 },
    { name: 'remark', max: 1000, rows: 2 },
  ],
  bill: [
    { name: 'blNo', max: 50, required: true },
    { name: 'vesselVoyage', max: 100 },
    { name: 'portOfLoading', max: 200, required: true },
    { name: 'portOfDischarge', max: 200, required: true },
    { name: 'shipper', max: 500, required: true, rows: 3 },
    { name: 'consignee', max: 500, required: true, rows: 3 },
    { name: 'notifyParty', max: 500, rows: 2 },
    { name: 'description', max: 2000, required: true, rows: 3 },
    { name: 'marks', max: 1000, rows: 2 },
    { name: 'remark', max: 1000, rows: 2 },
  ],
};

/**
 * The order's transport document — an air waybill for air orders, a bill of lading for the sea lines —
 * with its form (saved with the document's ver), its printable export and the warehouse receipt; and the
 * sailing data (vessel or flight, ETD, ETA) with order:modify.
 */
export function OrderDocumentsTab({ order, onChanged, onStale }: { order: OrderDetail; onChanged: () => void; onStale: () => void }) {
  const kind = documentKindOf(order);
  const t = useMessages(orderDetailMessages);
  const document = useOrderDocument(kind, order.id);
  const mayView = usePermission([`order:${kind}`, 'order:detail']);
  const mayModify = usePermission(['order:modify']);
  return (
    <Flex vertical gap={8}>
      <DocumentExports order={order} kind={kind} saved={document.data?.id != null} />
      {mayView ? (
        <Spin spinning={document.isPending}>
          {document.data ? (
            <DocumentForm key={document.data.ver ?? 'draft'} kind={kind} order={order} document={document.data} onSaved={onChanged} onStale={onStale} />
          ) : null}
        </Spin>
      ) : null}
      {mayModify && order.sideState !== 'delete' ? (
        <>
          <Divider titlePlacement="start">{t('sailTitle')}</Divider>
          <SailForm key={order.ver} order={order} onSaved={onChanged} onStale={onStale} />
        </>
      ) : null}
    </Flex>
  );
}

function DocumentExports({ order, kind, saved }: { order: OrderDetail; kind: DocumentKind; saved: boolean }) {
  const t = useMessages(orderDetailMessages);
  const { message } = App.useApp();
  const mayExport = usePermission([`order:${kind}`, 'order:export']);
  const mayReceipt = usePermission(['order:detail']);
  const [busy, setBusy] = useState<string | null>(null);
  async function download(path: string, fallbackName: string) {
    setBusy(path);
    try {
      await downloadFile(path, { orderId: order.id }, fallbackName);
    } catch (error) {
      message.error(error instanceof RequestError ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  }
  return (
    <Flex gap={8} justify="flex-end" align="center">
      <Tag color={saved ? 'green' : 'default'} data-testid="document-state">
        {saved ? t('documentSaved') : t('documentDraft')}
      </Tag>
      {mayExport ? (
        <Button
          disabled={!saved}
          loading={busy === `/order/${kind}/export`}
          onClick={() => void download(`/order/${kind}/export`, `${order.orderNo} ${t(`kind_${kind}`)}.xlsx`)}
          data-testid="document-export"
        >
          {t(`export_${kind}`)}
        </Button>
      ) : null}
      {mayReceipt ? (
        <Button
          loading={busy === '/order/warehouse/word'}
          onClick={() => void download('/order/warehouse/word', `${order.orderNo} ${t('warehouseReceipt')}.docx`)}
          data-testid="warehouse-word"
        >
          {t('warehouseReceipt')}
        </Button>
      ) : null}
    </Flex>
  );
}

function DocumentForm({
  kind,
  order,
  document,
  onSaved,
  onStale,
}: {
  kind: DocumentKind;
  order: OrderDetail;
  document: OrderDocument;
  onSaved: () => void;
  onStale: () => void;
}) {
  const t = useMessages(orderDetailMessages);
  const mayEdit = usePermission([`order:${kind}`]) && order.sideState !== 'delete';
  const [form] = Form.useForm<DocumentValues>();
  const fields = DOCUMENT_FIELDS[kind];
  const save = useOrderSave({
    save: (values: DocumentValues) => {
      const body: Record<string, unknown> = { orderId: order.id, ver: document.ver, freightTerm: values.freightTerm };
      for (const field of fields) body[field.name] = (values[field.name] as string | null | undefined)?.trim() || null;
      body.issuedAt = values.issuedAt ? (values.issuedAt as Dayjs).toISOString() : null;
      if (kind === 'bill') body.numberOfOriginals = values.numberOfOriginals ?? null;
      return saveDocument(kind, body);
    },
    form,
    onSaved,
    onStale,
  });
  const record = document as unknown as Record<string, string | number | null | undefined>;
  const initialValues: DocumentValues = {
    ...Object.fromEntries(fields.map((field) => [field.name, record[field.name] ?? null])),
    freightTerm: document.freightTerm,
    issuedAt: document.issuedAt ? dayjs(document.issuedAt) : null,
    ...(kind === 'bill' ? { numberOfOriginals: document.numberOfOriginals ?? null } : {}),
  };
  return (
    <Form<DocumentValues>
      form={form}
      layout="vertical"
      disabled={!mayEdit}
      initialValues={initialValues}
      onFinish={(values) => void save.mutateAsync(values).catch(() => undefined)}
      data-testid="document-form"
    >
      <Flex wrap gap="0 16px">
        {fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={t(`doc_${field.name}` as 'doc_shipper')}
            style={{ width: HALF }}
            rules={[{ max: field.max }, ...(field.required ? [{ required: true, whitespace: true, message: t('documentFieldRequired') }] : [])]}
          >
            {field.rows ? <Input.TextArea rows={field.rows} data-testid={`document-${field.name}`} /> : <Input data-testid={`document-${field.name}`} />}
          </Form.Item>
        ))}
        <Form.Item name="freightTerm" label={t('doc_freightTerm')} style={{ width: HALF }}>
          <Radio.Group
            options={[
              { value: 'prepaid', label: t('freight_prepaid') },
              { value: 'collect', label: t('freight_collect') },
            ]}
          />
        </Form.Item>
        <Form.Item name="issuedAt" label={t('doc_issuedAt')} style={{ width: HALF }}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        {kind === 'bill' ? (
          <Form.Item name="numberOfOriginals" label={t('doc_numberOfOriginals')} style={{ width: HALF }}>
            <InputNumber min={1} max={10} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        ) : null}
      </Flex>
      {mayEdit ? <SaveBar saving={save.isPending} testId="document-save" /> : null}
    </Form>
  );
}

interface SailValues {
  vesselVoyage?: string | null;
  flightNo?: string | null;
  billOfLadingNo?: string | null;
  etd?: Dayjs | null;
  eta?: Dayjs | null;
}

function SailForm({ order, onSaved, onStale }: { order: OrderDetail; onSaved: () => void; onStale: () => void }) {
  const t = useMessages(orderDetailMessages);
  const air = order.shipType === 'airtransport';
  const [form] = Form.useForm<SailValues>();
  const save = useOrderSave({
    save: (values: SailValues) =>
      updateSail({
        orderId: order.id,
        ver: order.ver,
        ...(air
          ? { flightNo: values.flightNo?.trim() || null }
          : { vesselVoyage: values.vesselVoyage?.trim() || null, billOfLadingNo: values.billOfLadingNo?.trim() || null }),
        etd: values.etd ? values.etd.toISOString() : null,
        eta: values.eta ? values.eta.toISOString() : null,
      }),
    form,
    onSaved,
    onStale,
  });
  return (
    <Form<SailValues>
      form={form}
      layout="inline"
      initialValues={{
        vesselVoyage: order.vesselVoyage,
        flightNo: order.flightNo,
        billOfLadingNo: order.billOfLadingNo,
        etd: order.etd ? dayjs(order.etd) : null,
        eta: order.eta ? dayjs(order.eta) : null,
      }}
      onFinish={(values) => void save.mutateAsync(values).catch(() => undefined)}
      data-testid="sail-form"
    >
      {air ? (
        <Form.Item name="flightNo" label={t('flightNo')} rules={[{ max: 20 }]}>
          <Input style={{ width: 140 }} />
        </Form.Item>
      ) : (
        <>
          <Form.Item name="vesselVoyage" label={t('vesselVoyage')} rules={[{ max: 100 }]}>
            <Input style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="billOfLadingNo" label={t('billOfLadingNo')} rules={[{ max: 50 }]}>
            <Input style={{ width: 160 }} />
          </Form.Item>
        </>
      )}
      <Form.Item name="etd" label={t('etd')}>
        <DatePicker showTime />
      </Form.Item>
      <Form.Item name="eta" label={t('eta')}>
        <DatePicker showTime />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="sail-save">
          {t('sailSave')}
        </Button>
      </Form.Item>
    </Form>
  );
}
