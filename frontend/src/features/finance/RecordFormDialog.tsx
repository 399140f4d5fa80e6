import { Button, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, type UploadFile } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useDictOptions } from '@/features/admin';
import { ImageUploadField } from '@/shared/components/ImageUploadField';
import { useMessages } from '@/shared/i18n';
import { listMessages, useSave } from '@/shared/list';
import {
  addRecord,
  amendRefusedRecord,
  amendUnlockedRecord,
  updateRecord,
  useRefreshFinance,
  type FinanceRecord,
  type OrderPick,
  type RecordFields,
  type Voucher,
} from './api';
import { financeMessages } from './messages';
import { OrderSelect } from './OrderSelect';
import type { RecordKind } from './recordScreens';

/** What opens the form: a new record of a kind, or a record to edit or amend in its state. */
export type RecordFormRequest = { mode: 'add'; kind: RecordKind } | { mode: 'edit' | 'amendRefused' | 'amendUnlocked'; record: FinanceRecord };

export const BOOK_CURRENCY = 'CNY';
const MAX_VOUCHERS = 10;
/** The dictionary of record types per kind (docs/finance.md, Records). */
export const TYPE_DICTIONARY: Record<RecordKind, string> = { outgoing: 'expenseType', entry: 'entryType' };

/** The answer of `POST /file/update`, kept on the upload entry. */
interface UploadAnswer {
  success?: boolean;
  message?: string;
  data?: Voucher;
}
type VoucherFile = UploadFile<UploadAnswer>;

interface FormValues {
  orderId?: number | null;
  type: string;
  amount: number;
  currency: string;
  rate?: number | null;
  counterparty: string;
  method: string;
  paidOn: Dayjs;
  voucherIds?: VoucherFile[];
  remark?: string | null;
}

const voucherFile = (voucher: Voucher): VoucherFile => ({
  uid: `voucher-${voucher.id}`,
  name: voucher.fileName,
  status: 'done',
  url: voucher.url,
  response: { success: true, data: voucher },
});

/** The form's values as the calls take them. */
export function recordFields(values: FormValues): RecordFields {
  return {
    orderId: values.orderId ?? null,
    type: values.type,
    amount: values.amount,
    currency: values.currency,
    rate: values.currency === BOOK_CURRENCY ? 1 : (values.rate ?? null),
    counterparty: values.counterparty.trim(),
    method: values.method,
    paidOn: values.paidOn.format('YYYY-MM-DD'),
    voucherIds: (values.voucherIds ?? []).flatMap((file) => (file.status === 'done' && file.response?.data ? [file.response.data.id] : [])),
    remark: values.remark?.trim() || null,
  };
}

/**
 * Registers a record, or edits / amends one with the `ver` it was read with: order (required for a
 * hand-in), type, amount, currency and its rate to CNY, payer or payee, method, date, vouchers, remark.
 * Field messages of a refused save go under their fields; a stale record closes the form and reloads.
 */
export function RecordFormDialog({ request, onClose }: { request: RecordFormRequest | null; onClose: () => void }) {
  const t = useMessages(financeMessages);
  const common = useMessages(listMessages);
  const [form] = Form.useForm<FormValues>();
  const submitAfterSave = useRef(false);
  const [orderPick, setOrderPick] = useState<OrderPick | null>(null);
  const kind: RecordKind = request ? (request.mode === 'add' ? request.kind : request.record.kind) : 'outgoing';
  const record = request && request.mode !== 'add' ? request.record : null;
  const types = useDictOptions(TYPE_DICTIONARY[kind]);
  const currencies = useDictOptions('currency');
  const methods = useDictOptions('paymentMethod');
  const currency = Form.useWatch('currency', form);
  const refresh = useRefreshFinance();
  const done = () => {
    void refresh();
    onClose();
  };

  const mutation = useSave({
    save: (values: FormValues) => {
      const fields = recordFields(values);
      if (!request || request.mode === 'add') return addRecord(kind, { ...fields, submit: submitAfterSave.current });
      const body = { ...fields, id: request.record.id, ver: request.record.ver };
      if (request.mode === 'amendRefused') return amendRefusedRecord(body);
      if (request.mode === 'amendUnlocked') return amendUnlockedRecord(body);
      return updateRecord(body);
    },
    form,
    onSaved: done,
    onStale: done,
  });

  useEffect(() => {
    if (!request) return;
    form.resetFields();
    setOrderPick(record?.orderId ? { id: record.orderId, orderNo: record.orderNo ?? '', customerName: record.customerName } : null);
    if (record) {
      form.setFieldsValue({
        orderId: record.orderId,
        type: record.type,
        amount: Number(record.amount),
        currency: record.currency,
        rate: Number(record.rate),
        counterparty: record.counterparty,
        method: record.method,
        paidOn: dayjs(record.paidOn),
        voucherIds: record.vouchers.map(voucherFile),
        remark: record.remark,
      });
    } else {
      form.setFieldsValue({ currency: BOOK_CURRENCY, rate: 1, paidOn: dayjs() });
    }
  }, [request, record, form]);

  const counterpartyLabel = kind === 'outgoing' ? t('payee') : t('payer');
  const save = (submit: boolean) => {
    submitAfterSave.current = submit;
    form.submit();
  };
  const title = !request
    ? ''
    : request.mode === 'add'
      ? t(`addTitle_${kind}`)
      : request.mode === 'edit'
        ? t('editTitle', { no: request.record.recordNo })
        : t('amendTitle', { no: request.record.recordNo });

  return (
    <Modal
      open={request !== null}
      width={760}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {common('cancel')}
        </Button>,
        request?.mode !== 'add' ? null : (
          <Button key="save" loading={mutation.isPending && !submitAfterSave.current} onClick={() => save(false)} data-testid="finance-record-save">
            {t('save')}
          </Button>
        ),
        <Button
          key="submit"
          type="primary"
          loading={mutation.isPending && (submitAfterSave.current || request?.mode !== 'add')}
          onClick={() => save(true)}
          data-testid="finance-record-submit"
        >
          {request?.mode === 'add' ? t('saveAndSubmit') : request?.mode === 'edit' ? t('save') : t('action_amendRefused')}
        </Button>,
      ]}
    >
      <Form form={form} name="financeRecord" layout="vertical" onFinish={(values) => mutation.mutate(values)}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="orderId"
              label={kind === 'entry' ? t('order') : t('orderOptional')}
              rules={kind === 'entry' ? [{ required: true, message: t('orderRequired') }] : []}
            >
              <OrderSelect initial={orderPick} onChange={(_, order) => order && setOrderPick(order)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('customer')}>
              <Input value={orderPick?.customerName ?? ''} disabled data-testid="finance-customer" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="type" label={t('type')} rules={[{ required: true, message: t('typeRequired') }]}>
              <Select placeholder={t('selectPlaceholder')} loading={types.isFetching} options={types.options} data-testid="finance-type" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="amount" label={t('amount')} rules={[{ required: true, type: 'number', min: 0.01, message: t('amountRequired') }]}>
              <InputNumber min={0.01} precision={2} max={999_999_999_999} style={{ width: '100%' }} data-testid="finance-amount" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="method" label={t('method')} rules={[{ required: true, message: t('methodRequired') }]}>
              <Select placeholder={t('selectPlaceholder')} loading={methods.isFetching} options={methods.options} data-testid="finance-method" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="currency" label={t('currency')} rules={[{ required: true, message: t('currencyRequired') }]}>
              <Select
                loading={currencies.isFetching}
                options={currencies.options}
                onChange={(value: string) => value === BOOK_CURRENCY && form.setFieldValue('rate', 1)}
                data-testid="finance-currency"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="rate" label={t('rate')} rules={currency === BOOK_CURRENCY ? [] : [{ required: true, message: t('rateRequired') }]}>
              <InputNumber min={0} precision={6} disabled={currency === BOOK_CURRENCY} style={{ width: '100%' }} data-testid="finance-rate" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="paidOn"
              label={kind === 'outgoing' ? t('paidOnOutgoing') : t('paidOnEntry')}
              rules={[{ required: true, message: t('paidOnRequired') }]}
            >
              <DatePicker style={{ width: '100%' }} data-testid="finance-paid-on" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="counterparty"
              label={counterpartyLabel}
              rules={[
                { required: true, whitespace: true, message: t('counterpartyRequired', { label: counterpartyLabel }) },
                { max: 200, message: t('lengthMax', { max: 200 }) },
              ]}
            >
              <Input maxLength={200} data-testid="finance-counterparty" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <ImageUploadField
              name="voucherIds"
              label={t('vouchers')}
              hint={t('vouchersHint', { max: MAX_VOUCHERS })}
              maxCount={MAX_VOUCHERS}
              anyFile
              testId="finance-voucher-upload"
            />
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('remark')} rules={[{ max: 500, message: t('lengthMax', { max: 500 }) }]}>
              <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2 }} data-testid="finance-remark" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
