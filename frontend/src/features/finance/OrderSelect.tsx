import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useDebounced } from '@/shared/hooks/useDebounced';
import { useMessages } from '@/shared/i18n';
import { searchOrders, type OrderPick } from './api';
import { financeMessages } from './messages';

interface OrderSelectProps {
  value?: number | null;
  onChange?: (orderId: number | null, order: OrderPick | null) => void;
  /** the record's order, shown before anything is searched */
  initial?: OrderPick | null;
  disabled?: boolean;
  id?: string;
}

/** Picks an order by the start of its number, on every line the caller sees. */
export function OrderSelect({ value, onChange, initial, disabled, id }: OrderSelectProps) {
  const t = useMessages(financeMessages);
  const [typed, setTyped] = useState('');
  const orderNo = useDebounced(typed.trim());
  const found = useQuery({
    queryKey: ['/order/list', 'finance-pick', orderNo],
    queryFn: () => searchOrders(orderNo),
    enabled: orderNo.length >= 2,
    staleTime: 30_000,
  });
  const picks = [...(initial ? [initial] : []), ...(found.data ?? []).filter((order) => order.id !== initial?.id)];
  return (
    <Select<number>
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value ?? undefined}
      disabled={disabled}
      loading={found.isFetching}
      placeholder={t('orderSearchPlaceholder')}
      notFoundContent={null}
      options={picks.map((order) => ({ value: order.id, label: order.customerName ? `${order.orderNo} · ${order.customerName}` : order.orderNo }))}
      onChange={(next) => onChange?.(next ?? null, picks.find((order) => order.id === next) ?? null)}
      data-testid="finance-order"
    />
  );
}
