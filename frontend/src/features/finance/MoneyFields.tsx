import { BOOK_CURRENCY } from '@forwarder/domain';
import { Col, Form, Input, InputNumber, Select, type ColProps } from 'antd';
import { useDictOptions } from '@/features/dict';
import { TextField } from '@/shared/components/TextField';
import { useMessages } from '@/shared/i18n';
import { financeMessages } from './messages';

/**
 * The fields the record form and the charge form share, each in its cell of the form's grid: a type from a
 * dictionary, the currency, amount, tax rate and rate to CNY, the other party and a remark. Their test ids start with
 * the form's prefix (finance-amount, charge-amount).
 */
interface FieldProps {
  testIdPrefix: 'finance' | 'charge';
  col?: ColProps;
}

const THIRD: ColProps = { xs: 24, md: 8 };
const FULL: ColProps = { span: 24 };

/** A required choice among a dictionary's values (the record's or charge's type, the payment method). */
export function DictField({
  name,
  dictCode,
  label,
  requiredMessage,
  testId,
  col = THIRD,
}: {
  name: string;
  dictCode: string;
  label: string;
  requiredMessage: string;
  testId: string;
  col?: ColProps;
}) {
  const t = useMessages(financeMessages);
  const items = useDictOptions(dictCode);
  return (
    <Col {...col}>
      <Form.Item name={name} label={label} rules={[{ required: true, message: requiredMessage }]}>
        <Select placeholder={t('selectPlaceholder')} loading={items.isFetching} options={items.options} data-testid={testId} />
      </Form.Item>
    </Col>
  );
}

/** The currency; choosing CNY sets the rate to what the book takes for it (`bookRate`: 1 on a record, none on a charge). */
export function CurrencyField({ testIdPrefix, bookRate, col = THIRD }: FieldProps & { bookRate: 1 | null }) {
  const t = useMessages(financeMessages);
  const form = Form.useFormInstance();
  const currencies = useDictOptions('currency');
  return (
    <Col {...col}>
      <Form.Item name="currency" label={t('currency')} rules={[{ required: true, message: t('currencyRequired') }]}>
        <Select
          loading={currencies.isFetching}
          options={currencies.options}
          onChange={(value: string) => value === BOOK_CURRENCY && form.setFieldValue('rate', bookRate)}
          data-testid={`${testIdPrefix}-currency`}
        />
      </Form.Item>
    </Col>
  );
}

export function AmountField({ testIdPrefix, col = THIRD }: FieldProps) {
  const t = useMessages(financeMessages);
  return (
    <Col {...col}>
      <Form.Item name="amount" label={t('amount')} rules={[{ required: true, type: 'number', min: 0.01, message: t('amountRequired') }]}>
        <InputNumber min={0.01} precision={2} max={999_999_999_999} style={{ width: '100%' }} data-testid={`${testIdPrefix}-amount`} />
      </Form.Item>
    </Col>
  );
}

/** The rate to CNY: required for a foreign currency, not asked for CNY (`cnyPlaceholder` says why). */
export function RateField({ testIdPrefix, cnyPlaceholder, col = THIRD }: FieldProps & { cnyPlaceholder?: string }) {
  const t = useMessages(financeMessages);
  const currency = Form.useWatch('currency', Form.useFormInstance());
  const foreign = currency !== undefined && currency !== BOOK_CURRENCY;
  return (
    <Col {...col}>
      <Form.Item name="rate" label={t('rate')} rules={foreign ? [{ required: true, message: t('rateRequired') }] : []}>
        <InputNumber
          min={0}
          precision={6}
          disabled={!foreign}
          placeholder={foreign ? undefined : cnyPlaceholder}
          style={{ width: '100%' }}
          data-testid={`${testIdPrefix}-rate`}
        />
      </Form.Item>
    </Col>
  );
}

/** The tax rate in percent (a charge, a charge billed from the quotation); blank is 0. */
export function TaxRateField({ testId, col = THIRD }: { testId: string; col?: ColProps }) {
  const t = useMessages(financeMessages);
  return (
    <Col {...col}>
      <Form.Item name="taxRate" label={t('taxRate')} rules={[{ type: 'number', min: 0, max: 100, message: t('taxRateRequired') }]}>
        <InputNumber min={0} max={100} precision={2} style={{ width: '100%' }} data-testid={testId} />
      </Form.Item>
    </Col>
  );
}

/** The payee or payer of a record (required), the billed party or supplier of a charge. */
export function CounterpartyField({ testIdPrefix, label, required, col = FULL }: FieldProps & { label: string; required: boolean }) {
  const t = useMessages(financeMessages);
  return (
    <Col {...col}>
      <TextField
        name="counterparty"
        label={label}
        max={200}
        lengthMessage={t('lengthMax', { max: 200 })}
        requiredMessage={required ? t('counterpartyRequired', { label }) : undefined}
        testId={`${testIdPrefix}-counterparty`}
      />
    </Col>
  );
}

export function RemarkField({ testIdPrefix, col = FULL }: FieldProps) {
  const t = useMessages(financeMessages);
  return (
    <Col {...col}>
      <Form.Item name="remark" label={t('remark')} rules={[{ max: 500, message: t('lengthMax', { max: 500 }) }]}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2 }} data-testid={`${testIdPrefix}-remark`} />
      </Form.Item>
    </Col>
  );
}
