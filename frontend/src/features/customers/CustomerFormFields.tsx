import { CUSTOMER_PHONE_PATTERN } from '@forwarder/domain';
import { Col, Form, Input, Row, Select, Switch, type FormRule } from 'antd';
import { TextField } from '@/shared/components/TextField';
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

/**
 * The fields of the customer form (add page and edit dialog), with the server's rules: company and
 * contact required, phone and e-mail formats, the lengths of every text.
 */
export function CustomerFormFields() {
  const t = useMessages(customerMessages);
  const sources = useDictOptions('customerSource');
  const levels = useDictOptions('customerLevel');
  const max = (length: number, message: string): FormRule => ({ max: length, message });
  const phoneRule: FormRule = { pattern: CUSTOMER_PHONE_PATTERN, message: t('phoneInvalid') };

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <TextField
          name="companyName"
          label={t('companyName')}
          max={200}
          lengthMessage={t('companyNameLength')}
          requiredMessage={t('companyNameRequired')}
          testId="customer-company"
        />
      </Col>
      <Col xs={24} md={12}>
        <TextField
          name="contactName"
          label={t('contactName')}
          max={50}
          lengthMessage={t('contactNameLength')}
          requiredMessage={t('contactNameRequired')}
          testId="customer-contact"
        />
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="phone" label={t('phone')} rules={[phoneRule]}>
          <Input maxLength={30} data-testid="customer-phone" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="mobile" label={t('mobile')} rules={[phoneRule]}>
          <Input maxLength={30} data-testid="customer-mobile" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="email" label={t('email')} rules={[{ type: 'email', message: t('emailInvalid') }, max(100, t('emailInvalid'))]}>
          <Input maxLength={100} data-testid="customer-email" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <TextField name="country" label={t('country')} max={60} lengthMessage={t('countryLength')} testId="customer-country" />
      </Col>
      <Col span={24}>
        <TextField name="address" label={t('address')} max={300} lengthMessage={t('addressLength')} testId="customer-address" />
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="source" label={t('source')}>
          <Select allowClear placeholder={t('selectPlaceholder')} loading={sources.loading} options={sources.options} data-testid="customer-source" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="level" label={t('level')}>
          <Select allowClear placeholder={t('selectPlaceholder')} loading={levels.loading} options={levels.options} data-testid="customer-level" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="acceptEmail" label={t('acceptEmail')} valuePropName="checked">
          <Switch data-testid="customer-accept-email" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="remark" label={t('remark')} rules={[max(1000, t('remarkLength'))]}>
          <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 3 }} data-testid="customer-remark" />
        </Form.Item>
      </Col>
    </Row>
  );
}
