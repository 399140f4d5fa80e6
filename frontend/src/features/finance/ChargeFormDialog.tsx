import { App, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Typography, type ButtonProps } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useDictOptions } from '@/features/admin';
import { useLanguage, useMessages } from '@/shared/i18n';
import { listMessages, useSave } from '@/shared/list';
import { addCharge, updateCharge, useRefreshFinance, type Charge, type ChargeKind } from './api';
import { BOOK_CURRENCY, chargeFields, chargePreview, type ChargeFormValues } from './charges';
import { financeMessages } from './messages';
import { formatMoney } from './money';

/** What opens the form: a new line of a kind on an order, or a line to edit with the `ver` it was read with. */
export type ChargeFormRequest = { mode: 'add'; kind: ChargeKind; orderId: number; customerName: string | null } | { mode: 'edit'; charge: Charge };

/** The dictionary of charge types (docs/finance.md, Charges). */
const TYPE_DICTIONARY = 'expenseType';

/**
 * Adds a receivable or payable line to an order, or edits one: type, currency, amount, tax rate, rate to
 * CNY (none for CNY), the billed party (receivables; the order's customer by default) or supplier
 * (payables), date and remark, with the tax, total and book amount the server will compute. Field
 * messages of a refused save go under their fields; a line someone else changed meanwhile (409) closes
 * the form, says so and reloads.
 */
export function ChargeFormDialog({ request, onClose }: { request: ChargeFormRequest | null; onClose: () => void }) {
  const t = useMessages(financeMessages);
  const common = useMessages(listMessages);
  const language = useLanguage();
  const { message } = App.useApp();
  const [form] = Form.useForm<ChargeFormValues>();
  const types = useDictOptions(TYPE_DICTIONARY);
  const currencies = useDictOptions('currency');
  const refresh = useRefreshFinance();
  const kind: ChargeKind = request ? (request.mode === 'add' ? request.kind : request.charge.kind) : 'receivable';
  const currency = Form.useWatch('currency', form);
  const amount = Form.useWatch('amount', form);
  const rate = Form.useWatch('rate', form);
  const taxRate = Form.useWatch('taxRate', form);
  const preview = chargePreview({ amount, currency, rate, taxRate });

  const mutation = useSave({
    save: (values: ChargeFormValues) => {
      const fields = chargeFields(values);
      if (!request || request.mode === 'add') return addCharge(kind, { ...fields, orderId: request!.orderId });
      return updateCharge({ ...fields, id: request.charge.id, ver: request.charge.ver });
    },
    form,
    onSaved: () => {
      void refresh();
      onClose();
    },
    onStale: () => {
      message.warning(t('chargeStale'));
      void refresh();
      onClose();
    },
  });

  useEffect(() => {
    if (!request) return;
    form.resetFields();
    if (request.mode === 'edit') {
      const c = request.charge;
      form.setFieldsValue({
        type: c.type,
        amount: Number(c.amount),
        currency: c.currency,
        rate: c.currency === BOOK_CURRENCY ? null : Number(c.rate),
        taxRate: Number(c.taxRate),
        counterparty: c.counterparty,
        chargedOn: dayjs(c.chargedOn),
        remark: c.remark,
      });
    } else {
      form.setFieldsValue({
        currency: BOOK_CURRENCY,
        rate: null,
        taxRate: 0,
        chargedOn: dayjs(),
        counterparty: request.kind === 'receivable' ? request.customerName : null,
      });
    }
  }, [request, form]);

  const counterpartyLabel = kind === 'receivable' ? t('billedParty') : t('supplier');
  const kindLabel = t(`chargeKind_${kind}`);
  const title = !request
    ? ''
    : request.mode === 'add'
      ? t(kind === 'receivable' ? 'addReceivable' : 'addPayable')
      : t('chargeEditTitle', { kind: kindLabel, type: types.labelOf(request.charge.type) });
  const foreign = currency !== undefined && currency !== BOOK_CURRENCY;

  return (
    <Modal
      open={request !== null}
      width={720}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('save')}
      cancelText={common('cancel')}
      confirmLoading={mutation.isPending}
      okButtonProps={{ 'data-testid': 'charge-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} name="orderCharge" layout="vertical" onFinish={(values) => mutation.mutate(values)}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="type" label={t('type')} rules={[{ required: true, message: t('typeRequired') }]}>
              <Select placeholder={t('selectPlaceholder')} loading={types.isFetching} options={types.options} data-testid="charge-type" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="chargedOn" label={t('chargedOn')} rules={[{ required: true, message: t('chargedOnRequired') }]}>
              <DatePicker style={{ width: '100%' }} data-testid="charge-charged-on" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="currency" label={t('currency')} rules={[{ required: true, message: t('currencyRequired') }]}>
              <Select
                loading={currencies.isFetching}
                options={currencies.options}
                onChange={(value: string) => value === BOOK_CURRENCY && form.setFieldValue('rate', null)}
                data-testid="charge-currency"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="amount" label={t('amount')} rules={[{ required: true, type: 'number', min: 0.01, message: t('amountRequired') }]}>
              <InputNumber min={0.01} precision={2} max={999_999_999_999} style={{ width: '100%' }} data-testid="charge-amount" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="taxRate" label={t('taxRate')} rules={[{ type: 'number', min: 0, max: 100, message: t('taxRateRequired') }]}>
              <InputNumber min={0} max={100} precision={2} style={{ width: '100%' }} data-testid="charge-tax-rate" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="rate" label={t('rate')} rules={foreign ? [{ required: true, message: t('rateRequired') }] : []}>
              <InputNumber
                min={0}
                precision={6}
                disabled={!foreign}
                placeholder={foreign ? undefined : t('rateNotForCny')}
                style={{ width: '100%' }}
                data-testid="charge-rate"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="counterparty" label={counterpartyLabel} rules={[{ max: 200, message: t('lengthMax', { max: 200 }) }]}>
              <Input maxLength={200} data-testid="charge-counterparty" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('remark')} rules={[{ max: 500, message: t('lengthMax', { max: 500 }) }]}>
              <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2 }} data-testid="charge-remark" />
            </Form.Item>
          </Col>
        </Row>
        {preview ? (
          <Typography.Text type="secondary" data-testid="charge-preview">
            {t('chargePreview', {
              tax: formatMoney(preview.tax, currency, language),
              total: formatMoney(preview.total, currency, language),
              book: formatMoney(preview.bookAmount, BOOK_CURRENCY, language),
            })}
          </Typography.Text>
        ) : null}
      </Form>
    </Modal>
  );
}
