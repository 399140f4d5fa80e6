import { CUSTOMER_PHONE_PATTERN } from '@forwarder/domain';
import { Col, Form, Input, Row, Select, Switch, type FormRule } from 'antd';
import { ReasonField } from '@/shared/components/ReasonField';
import { EmailField, TextFields } from '@/shared/components/TextField';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { useDictItems, type DictItem } from './api';
import { customerMessages } from './messages';

export function useDictOptions(dictCode: string) {
  const language = useLanguage();
  const items = useDictItems(dictCode);
  return {
    loading: items.isFetching,
    options: (items.data ?? []).map((item: DictItem) => ({ value: item.value, label: localized(language, item.dictName, item.dictNameEn) })),
  };
}

const HALF = { xs: 24, md: 12 };
const NAMES = [
  { name: 'companyName', max: 200, length: 'companyNameLength', required: 'companyNameRequired', testId: 'customer-company' },
  { name: 'contactName', max: 50, length: 'contactNameLength', required: 'contactNameRequired', testId: 'customer-contact' },
] as const;
const PLACE = [
  { name: 'country', max: 60, length: 'countryLength', testId: 'customer-country' },
  { name: 'address', max: 300, length: 'addressLength', testId: 'customer-address', col: { span: 24 } },
] as const;
const PHONES = ['phone', 'mobile'] as const;

/** A customer's value from one of the dictionaries (source, level), chosen or left empty. */
function DictField({ name, dictCode, label, placeholder }: { name: 'source' | 'level'; dictCode: string; label: string; placeholder: string }) {
  const items = useDictOptions(dictCode);
  return (
    <Col xs={24} md={8}>
      <Form.Item name={name} label={label}>
        <Select allowClear placeholder={placeholder} loading={items.loading} options={items.options} data-testid={`customer-${name}`} />
      </Form.Item>
    </Col>
  );
}

/**
 * The fields of the customer form (add page and edit dialog), with the server's rules: company and
 * contact required, phone and e-mail formats, the lengths of every text.
 */
export function CustomerFormFields() {
  const t = useMessages(customerMessages);
  const phoneRule: FormRule = { pattern: CUSTOMER_PHONE_PATTERN, message: t('phoneInvalid') };

  return (
    <Row gutter={16}>
      <TextFields fields={NAMES} t={t} col={HALF} />
      {PHONES.map((name) => (
        <Col key={name} {...HALF}>
          <Form.Item name={name} label={t(name)} rules={[phoneRule]}>
            <Input maxLength={30} data-testid={`customer-${name}`} />
          </Form.Item>
        </Col>
      ))}
      <Col {...HALF}>
        <EmailField label={t('email')} invalidMessage={t('emailInvalid')} testId="customer-email" />
      </Col>
      <TextFields fields={PLACE} t={t} col={HALF} />
      <DictField name="source" dictCode="customerSource" label={t('source')} placeholder={t('selectPlaceholder')} />
      <DictField name="level" dictCode="customerLevel" label={t('level')} placeholder={t('selectPlaceholder')} />
      <Col xs={24} md={8}>
        <Form.Item name="acceptEmail" label={t('acceptEmail')} valuePropName="checked">
          <Switch data-testid="customer-accept-email" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <ReasonField name="remark" label={t('remark')} max={1000} lengthMessage={t('remarkLength')} testId="customer-remark" />
      </Col>
    </Row>
  );
}
