import type { PermissionCode, ShipType } from '@forwarder/domain';
import { DatePicker, Form, Input, Select } from 'antd';
import { useStaffWithRole } from '@/features/customers';
import { usePortSelect } from '@/features/prices';
import { useMessages } from '@/shared/i18n';
import { dayBound } from '@/shared/list';
import { hasPermission, useAccess } from '@/shared/permission';
import { orderMessages } from './messages';
import { CustomerSelect, SearchableSelect } from './OrderFormFields';
import { seesAllOrders } from './orderViews';

/**
 * An order list's search fields: number, key, customer (for those who may read the customer lists),
 * salesman (for those who see every salesman's orders), ports, container (sea) and the days created. Their
 * choices are asked for once the list's rows are drawn (`rowsShown`): the list's own request goes first.
 */
export function OrderSearchFields({ shipType, rowsShown }: { shipType: ShipType; rowsShown: boolean }) {
  const t = useMessages(orderMessages);
  const access = useAccess();
  const may = (permission: PermissionCode) => hasPermission([permission], access);
  const seesAll = seesAllOrders(may);
  const salesmen = useStaffWithRole('salesman', seesAll && rowsShown);
  const origins = usePortSelect(shipType, 'start', null, rowsShown);
  const destinations = usePortSelect(shipType, 'end', null, rowsShown);
  return (
    <>
      <Form.Item name="orderNo" label={t('orderNo')}>
        <Input allowClear maxLength={40} placeholder={t('orderNoPlaceholder')} style={{ width: 160 }} data-testid="order-filter-no" />
      </Form.Item>
      <Form.Item name="key" label={t('searchKey')}>
        <Input allowClear maxLength={50} placeholder={t('searchKeyPlaceholder')} style={{ width: 220 }} data-testid="order-filter-key" />
      </Form.Item>
      {/* the picker reads the customer lists, which not every order role may */}
      {may('customers:list') ? (
        <Form.Item name="customerId" label={t('customer')}>
          <CustomerSelect allowClear testId="order-filter-customer" load={rowsShown} />
        </Form.Item>
      ) : null}
      {seesAll ? (
        <Form.Item name="salesmanId" label={t('salesman')}>
          <SearchableSelect allowClear style={{ width: 140 }} options={salesmen.data?.map((staff) => ({ value: staff.id, label: staff.fullName }))} />
        </Form.Item>
      ) : null}
      <Form.Item name="originPortId" label={t('originPort')}>
        <SearchableSelect allowClear style={{ width: 180 }} options={origins.options} />
      </Form.Item>
      <Form.Item name="destinationPortId" label={t('destinationPort')}>
        <SearchableSelect allowClear style={{ width: 180 }} options={destinations.options} />
      </Form.Item>
      {shipType === 'airtransport' ? null : (
        <Form.Item name="containerNo" label={t('containerNo')}>
          <Input allowClear maxLength={20} style={{ width: 140 }} />
        </Form.Item>
      )}
      <Form.Item name="fromPortal" label={t('fromPortal')}>
        <Select
          allowClear
          style={{ width: 140 }}
          data-testid="order-filter-from-portal"
          options={[
            { value: true, label: t('fromPortalYes') },
            { value: false, label: t('fromPortalNo') },
          ]}
        />
      </Form.Item>
      <Form.Item name="createdFrom" label={t('createdFrom')} {...dayBound('start')}>
        <DatePicker />
      </Form.Item>
      <Form.Item name="createdTo" label={t('createdTo')} {...dayBound('end')}>
        <DatePicker />
      </Form.Item>
    </>
  );
}
