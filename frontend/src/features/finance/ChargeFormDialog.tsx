import { BOOK_CURRENCY } from '@forwarder/domain';
import { App, Col, DatePicker, Form, Modal, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useDictOptions } from '@/features/dict';
import { useLanguage, useMessages } from '@/shared/i18n';
import { listMessages, useSave } from '@/shared/list';
import { addCharge, updateCharge, useRefreshFinance, type Charge, type ChargeKind } from './api';
import { chargeFields, chargePreview, type ChargeFormValues } from './charges';
import { financeMessages } from './messages';
import { AmountField, CounterpartyField, CurrencyField, DictField, RateField, RemarkField, TaxRateField } from './MoneyFields';
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
      okButtonProps={{ 'data-testid': 'charge-save' }}
      destroyOnHidden
    >
      <Form form={form} name="orderCharge" layout="vertical" onFinish={(values) => mutation.mutate(values)}>
        <Row gutter={16}>
          <DictField
            name="type"
            dictCode={TYPE_DICTIONARY}
            label={t('type')}
            requiredMessage={t('typeRequired')}
            testId="charge-type"
            col={{ xs: 24, md: 12 }}
          />
          <Col xs={24} md={12}>
            <Form.Item name="chargedOn" label={t('chargedOn')} rules={[{ required: true, message: t('chargedOnRequired') }]}>
              <DatePicker style={{ width: '100%' }} data-testid="charge-charged-on" />
            </Form.Item>
          </Col>
          <CurrencyField testIdPrefix="charge" bookRate={null} />
          <AmountField testIdPrefix="charge" />
          <TaxRateField testId="charge-tax-rate" />
          <RateField testIdPrefix="charge" cnyPlaceholder={t('rateNotForCny')} />
          <CounterpartyField testIdPrefix="charge" label={counterpartyLabel} required={false} col={{ xs: 24, md: 16 }} />
          <RemarkField testIdPrefix="charge" />
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
