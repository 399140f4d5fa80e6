import { hasAtMostDecimals, type ShipType, VOLUMETRIC_KG_PER_CBM } from '@forwarder/domain';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Col, Form, Input, InputNumber, Row, Select, type ColProps, type FormRule, type SelectProps } from 'antd';
import { useState } from 'react';
import { useDictOptions } from '@/features/dict';
import { useStaffWithRole } from '@/features/customers';
import { usePortSelect } from '@/features/prices';
import { useMessages } from '@/shared/i18n';
import { findApprovedCustomers } from './api';
import type { PortName } from './detail/api';
import { orderMessages } from './messages';

/**
 * The approved customers the user works on, found by typing (name or code). `id` is the one its Form.Item
 * gives, so that the item's label names the search field (a select without it is unlabelled to a screen reader).
 */
export function CustomerSelect(props: {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  testId?: string;
  allowClear?: boolean;
  /** false puts the customers' request off (a list's filter waits for its rows) */
  load?: boolean;
}) {
  const t = useMessages(orderMessages);
  const [key, setKey] = useState('');
  const customers = useQuery({
    queryKey: ['/customers/list', 'orderPicker', key],
    queryFn: () => findApprovedCustomers(key),
    staleTime: 30_000,
    enabled: props.load ?? true,
  });
  return (
    <Select
      id={props.id}
      value={props.value}
      onChange={props.onChange}
      allowClear={props.allowClear}
      showSearch={{ filterOption: false, onSearch: setKey }}
      placeholder={t('customerSearch')}
      loading={customers.isFetching}
      options={customers.data?.map((customer) => ({ value: customer.id, label: `${customer.code} ${customer.companyName}` }))}
      data-testid={props.testId}
      style={{ minWidth: 200 }}
    />
  );
}

/** A choice found by typing part of its label (staff, ports), 请选择 until one is chosen. */
export function SearchableSelect(props: SelectProps) {
  const t = useMessages(orderMessages);
  return <Select showSearch={{ optionFilterProp: 'label' }} placeholder={t('selectPlaceholder')} {...props} />;
}

interface FieldsProps {
  shipType: ShipType;
  /** registration: the customer is chosen and the peer mark may be asked for; both are fixed afterwards */
  adding: boolean;
  /** the ports a saved order names stay selectable after they were disabled */
  originPort?: PortName | null;
  destinationPort?: PortName | null;
}

/**
 * The fields of an order (registration page and edit dialog) with the server's rules: customer, ports
 * and goods required; packages whole; weights above 0 with 3 decimals (volume 4); lengths of every text.
 */
export function OrderFormFields({ shipType, adding, originPort, destinationPort }: FieldsProps) {
  const t = useMessages(orderMessages);
  const origins = usePortSelect(shipType, 'start', originPort);
  const destinations = usePortSelect(shipType, 'end', destinationPort);
  const currencies = useDictOptions('currency');
  const operators = useStaffWithRole('operator', true);
  const max = (length: number): FormRule => ({ max: length, message: t('textTooLong', { max: length }) });
  const quantity = (places: number): FormRule => ({
    validator: (_, value: number | null | undefined) =>
      value === null || value === undefined || (value >= 0.001 && hasAtMostDecimals(value, places))
        ? Promise.resolve()
        : Promise.reject(new Error(t('quantityInvalid', { places }))),
  });
  const wholePackages: FormRule = {
    validator: (_, value: number | null | undefined) =>
      value === null || value === undefined || (Number.isInteger(value) && value >= 1) ? Promise.resolve() : Promise.reject(new Error(t('packagesInvalid'))),
  };
  const declaredAmount: FormRule = {
    validator: (_, value: number | null | undefined) =>
      value === null || value === undefined || (value >= 0 && hasAtMostDecimals(value, 2)) ? Promise.resolve() : Promise.reject(new Error(t('amountInvalid'))),
  };
  // test ids name the field in kebab case: order-gross-weight
  const testId = (name: string) => `order-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  const textField = (name: 'channel' | 'consignee' | 'consigneePhone' | 'deliveryAddress', length: number, col: ColProps = { xs: 24, md: 12 }) => (
    <Col {...col}>
      <Form.Item name={name} label={t(name)} rules={[max(length)]}>
        <Input maxLength={length} data-testid={testId(name)} />
      </Form.Item>
    </Col>
  );
  const numberField = (name: 'packages' | 'grossWeight' | 'volume' | 'chargeableWeight' | 'declaredValue', rule: FormRule, tooltip?: string) => (
    <Col xs={12} md={6}>
      <Form.Item name={name} label={t(name)} rules={[rule]} tooltip={tooltip}>
        <InputNumber style={{ width: '100%' }} data-testid={testId(name)} />
      </Form.Item>
    </Col>
  );

  return (
    <Row gutter={16}>
      {adding ? (
        <Col xs={24} md={12}>
          <Form.Item name="customerId" label={t('customer')} rules={[{ required: true, message: t('customerRequired') }]}>
            <CustomerSelect testId="order-customer" />
          </Form.Item>
        </Col>
      ) : null}
      <Col xs={24} md={adding ? 6 : 12}>
        <Form.Item name="originPortId" label={t('originPort')} rules={[{ required: true, message: t('originRequired') }]}>
          <SearchableSelect loading={origins.loading} options={origins.options} data-testid="order-origin" />
        </Form.Item>
      </Col>
      <Col xs={24} md={adding ? 6 : 12}>
        <Form.Item name="destinationPortId" label={t('destinationPort')} rules={[{ required: true, message: t('destinationRequired') }]}>
          <SearchableSelect loading={destinations.loading} options={destinations.options} data-testid="order-destination" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="goodsName" label={t('goodsName')} rules={[{ required: true, whitespace: true, message: t('goodsNameRequired') }, max(200)]}>
          <Input maxLength={200} data-testid="order-goods" />
        </Form.Item>
      </Col>
      {textField('channel', 100)}
      {numberField('packages', wholePackages)}
      {numberField('grossWeight', quantity(3))}
      {numberField('volume', quantity(4))}
      {numberField('chargeableWeight', quantity(3), t('chargeableHint', { factor: VOLUMETRIC_KG_PER_CBM[shipType] }))}
      {numberField('declaredValue', declaredAmount)}
      <Col xs={12} md={6}>
        <Form.Item name="currency" label={t('currency')}>
          <Select allowClear placeholder={t('selectPlaceholder')} loading={currencies.isFetching} options={currencies.options} data-testid="order-currency" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="operatorId" label={t('operator')}>
          <SearchableSelect
            allowClear
            loading={operators.isFetching}
            options={operators.data?.map((staff) => ({ value: staff.id, label: staff.fullName }))}
            data-testid="order-operator"
          />
        </Form.Item>
      </Col>
      {textField('consignee', 200)}
      {textField('consigneePhone', 30)}
      {textField('deliveryAddress', 500, { span: 24 })}
      <Col span={24}>
        <Form.Item name="remark" label={t('remark')} rules={[max(1000)]}>
          <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 2 }} data-testid="order-remark" />
        </Form.Item>
      </Col>
      {adding ? (
        <Col span={24}>
          <Form.Item name="peer" valuePropName="checked">
            <Checkbox data-testid="order-peer">{t('peer')}</Checkbox>
          </Form.Item>
        </Col>
      ) : null}
    </Row>
  );
}
