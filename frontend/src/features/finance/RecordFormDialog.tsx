import { BOOK_CURRENCY, RECORD_TYPE_DICTIONARY, type RecordKind } from '@forwarder/domain';
import { Button, Col, DatePicker, Form, Input, Modal, Row, type UploadFile } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
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
import { AmountField, CounterpartyField, CurrencyField, DictField, RateField, RemarkField } from './MoneyFields';
import { OrderSelect } from './OrderSelect';

/** What opens the form: a new record of a kind, or a record to edit or amend in its state. */
export type RecordFormRequest = { mode: 'add'; kind: RecordKind } | { mode: 'edit' | 'amendRefused' | 'amendUnlocked'; record: FinanceRecord };

const MAX_VOUCHERS = 10;
/** The dictionary of record types per kind (docs/finance.md, Records). */
export const TYPE_DICTIONARY: Record<RecordKind, string> = RECORD_TYPE_DICTIONARY;

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

const orderOf = (record: FinanceRecord | null): OrderPick | null =>
  record?.orderId ? { id: record.orderId, orderNo: record.orderNo ?? '', customerName: record.customerName } : null;

/**
 * Registers a record, or edits / amends one with the `ver` it was read with: order (required for a
 * hand-in), type, amount, currency and its rate to CNY, payer or payee, method, date, vouchers, remark.
 * Field messages of a refused save go under their fields; a stale record closes the form and reloads.
 */
export function RecordFormDialog({ request, onClose }: { request: RecordFormRequest | null; onClose: () => void }) {
  const t = useMessages(financeMessages);
  const common = useMessages(listMessages);
  const [form] = Form.useForm<FormValues>();
  const kind: RecordKind = request ? (request.mode === 'add' ? request.kind : request.record.kind) : 'outgoing';
  const record = request && request.mode !== 'add' ? request.record : null;
  // the picked order's customer; each opening starts from the record's order
  const [orderPick, setOrderPick] = useState(() => orderOf(record));
  const [shownRequest, setShownRequest] = useState(request);
  if (shownRequest !== request) {
    setShownRequest(request);
    setOrderPick(orderOf(record));
  }
  const refresh = useRefreshFinance();
  const done = () => {
    void refresh();
    onClose();
  };

  // `submit`: the new record goes to audit at once (保存并提交) rather than being only saved
  const mutation = useSave({
    save: ({ values, submit }: { values: FormValues; submit: boolean }) => {
      const fields = recordFields(values);
      if (!request || request.mode === 'add') return addRecord(kind, { ...fields, submit });
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
  const save = (submit: boolean) =>
    form.validateFields().then(
      (values) => mutation.mutate({ values, submit }),
      () => undefined,
    );
  const submitting = mutation.isPending && mutation.variables.submit;
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
          <Button key="save" loading={mutation.isPending && !submitting} onClick={() => void save(false)} data-testid="finance-record-save">
            {t('save')}
          </Button>
        ),
        <Button
          key="submit"
          type="primary"
          loading={submitting || (mutation.isPending && request?.mode !== 'add')}
          onClick={() => void save(true)}
          data-testid="finance-record-submit"
        >
          {request?.mode === 'add' ? t('saveAndSubmit') : request?.mode === 'edit' ? t('save') : t('action_amendRefused')}
        </Button>,
      ]}
    >
      <Form form={form} name="financeRecord" layout="vertical" onFinish={(values) => mutation.mutate({ values, submit: false })}>
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
          <DictField name="type" dictCode={TYPE_DICTIONARY[kind]} label={t('type')} requiredMessage={t('typeRequired')} testId="finance-type" />
          <AmountField testIdPrefix="finance" />
          <DictField name="method" dictCode="paymentMethod" label={t('method')} requiredMessage={t('methodRequired')} testId="finance-method" />
          <CurrencyField testIdPrefix="finance" bookRate={1} />
          <RateField testIdPrefix="finance" />
          <Col xs={24} md={8}>
            <Form.Item
              name="paidOn"
              label={kind === 'outgoing' ? t('paidOnOutgoing') : t('paidOnEntry')}
              rules={[{ required: true, message: t('paidOnRequired') }]}
            >
              <DatePicker style={{ width: '100%' }} data-testid="finance-paid-on" />
            </Form.Item>
          </Col>
          <CounterpartyField testIdPrefix="finance" label={counterpartyLabel} required />
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
          <RemarkField testIdPrefix="finance" />
        </Row>
      </Form>
    </Modal>
  );
}
