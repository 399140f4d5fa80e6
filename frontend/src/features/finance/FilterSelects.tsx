import type { PermissionCode } from '@forwarder/domain';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { useShipTypes } from '@/shared/orders/shipTypes';
import { useDebounced } from '@/shared/hooks/useDebounced';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { takeCustomers, useSalesmen } from './api';
import { financeMessages } from './messages';

/** The codes `POST /customers/take/list` admits: without one the customer filter is not offered. */
export const CUSTOMER_PICKER_CODES: readonly PermissionCode[] = [
  'customers:list',
  'customers:bindcode',
  'topbar:bindcode',
  'finance:list',
  'finance:arrears',
  'finance:inquiry',
  'finance:report',
];

interface SelectProps<V> {
  value?: V;
  onChange?: (value: V | undefined) => void;
  id?: string;
}

/** The line's name in the current language, for tables. */
export function useShipTypeLabel() {
  const language = useLanguage();
  const lines = useShipTypes();
  return (value: string | null | undefined) => {
    const line = lines.data?.find((item) => item.value === value);
    return line ? localized(language, line.text, line.textEn) : (value ?? '');
  };
}

export function ShipTypeSelect({ value, onChange, id }: SelectProps<string>) {
  const t = useMessages(financeMessages);
  const language = useLanguage();
  const lines = useShipTypes();
  return (
    <Select
      id={id}
      allowClear
      value={value}
      onChange={onChange}
      style={{ width: 140 }}
      placeholder={t('all')}
      options={(lines.data ?? []).map((line) => ({ value: line.value, label: localized(language, line.text, line.textEn) }))}
    />
  );
}

export function SalesmanSelect({ value, onChange, id }: SelectProps<number>) {
  const t = useMessages(financeMessages);
  const salesmen = useSalesmen();
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      onChange={onChange}
      style={{ width: 150 }}
      placeholder={t('all')}
      options={(salesmen.data ?? []).map((staff) => ({ value: staff.id, label: staff.fullName }))}
    />
  );
}

/** Customers by part of their name; the caller checks `CUSTOMER_PICKER_CODES` before offering it. */
export function CustomerSelect({ value, onChange, id }: SelectProps<number>) {
  const t = useMessages(financeMessages);
  const [typed, setTyped] = useState('');
  const key = useDebounced(typed.trim());
  const found = useQuery({ queryKey: ['/customers/take/list', key], queryFn: () => takeCustomers(key), staleTime: 30_000 });
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      onChange={onChange}
      style={{ width: 200 }}
      loading={found.isFetching}
      placeholder={t('all')}
      options={(found.data ?? []).map((customer) => ({ value: customer.id, label: customer.name }))}
    />
  );
}

export function useMayPickCustomers(): boolean {
  return usePermission(CUSTOMER_PICKER_CODES);
}

/**
 * The line, salesman and customer filters the finance screens share (form items of a search form); the
 * customer filter only for those who may pick customers.
 */
export function PartyFilterFields({ customer = true }: { customer?: boolean }) {
  const t = useMessages(financeMessages);
  const mayPickCustomers = useMayPickCustomers();
  return (
    <>
      <Form.Item name="shipType" label={t('shipType')}>
        <ShipTypeSelect />
      </Form.Item>
      <Form.Item name="salesmanId" label={t('salesman')}>
        <SalesmanSelect />
      </Form.Item>
      {customer && mayPickCustomers ? (
        <Form.Item name="customerId" label={t('customer')}>
          <CustomerSelect />
        </Form.Item>
      ) : null}
    </>
  );
}
