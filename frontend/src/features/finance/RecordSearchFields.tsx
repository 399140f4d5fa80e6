import { PAYMENT_METHOD_DICTIONARY, type RecordKind } from '@forwarder/domain';
import { DatePicker, Form, Input, Select } from 'antd';
import { useDictOptions } from '@/features/dict';
import { useMessages } from '@/shared/i18n';
import { dayField } from './dateField';
import { financeMessages } from './messages';
import { TYPE_DICTIONARY } from './RecordFormDialog';

/** A record list's search fields: numbers, the kind's types, currency, method, the paid days and a key. */
export function RecordSearchFields({ kind }: { kind: RecordKind }) {
  const t = useMessages(financeMessages);
  const types = useDictOptions(TYPE_DICTIONARY[kind]);
  const currencies = useDictOptions('currency');
  const methods = useDictOptions(PAYMENT_METHOD_DICTIONARY);
  return (
    <>
      <Form.Item name="recordNo" label={t('recordNo')}>
        <Input allowClear maxLength={40} style={{ width: 150 }} data-testid="finance-search-record-no" />
      </Form.Item>
      <Form.Item name="orderNo" label={t('orderNo')}>
        <Input allowClear maxLength={40} style={{ width: 150 }} data-testid="finance-search-order-no" />
      </Form.Item>
      <Form.Item name="type" label={t('type')}>
        <Select allowClear style={{ width: 130 }} placeholder={t('selectPlaceholder')} options={types.options} />
      </Form.Item>
      <Form.Item name="currency" label={t('currency')}>
        <Select allowClear style={{ width: 100 }} placeholder={t('selectPlaceholder')} options={currencies.options} />
      </Form.Item>
      <Form.Item name="method" label={t('method')}>
        <Select allowClear style={{ width: 130 }} placeholder={t('selectPlaceholder')} options={methods.options} />
      </Form.Item>
      <Form.Item name="paidFrom" label={t('paidFrom')} {...dayField}>
        <DatePicker />
      </Form.Item>
      <Form.Item name="paidTo" label={t('paidTo')} {...dayField}>
        <DatePicker />
      </Form.Item>
      <Form.Item name="key" label={t('key')}>
        <Input allowClear maxLength={50} placeholder={t('keyPlaceholder')} />
      </Form.Item>
    </>
  );
}
