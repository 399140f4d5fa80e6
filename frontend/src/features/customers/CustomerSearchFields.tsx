import type { CustomerList } from '@forwarder/domain';
import { Form, Select } from 'antd';
import { useMessages } from '@/shared/i18n';
import { SearchText } from '@/shared/list';
import { usePermission } from '@/shared/permission';
import { useStaffWithRole } from './api';
import { useDictOptions } from './CustomerFormFields';
import { LIST_SETTINGS } from './customerLists';
import { customerMessages } from './messages';

/** A customer list's search fields: the key, source and level, and the salesman for whoever sees every salesman's customers on a list by salesman. */
export function CustomerSearchFields({ list }: { list: CustomerList }) {
  const t = useMessages(customerMessages);
  const sources = useDictOptions('customerSource');
  const levels = useDictOptions('customerLevel');
  const bySalesman = usePermission(['customers:all']) && LIST_SETTINGS[list].bySalesman;
  const salesmen = useStaffWithRole('salesman', bySalesman);
  return (
    <>
      <SearchText name="key" label={t('searchKey')} max={50} placeholder={t('searchKeyPlaceholder')} testId="customer-search-key" />
      <Form.Item name="source" label={t('source')}>
        <Select allowClear style={{ width: 140 }} placeholder={t('selectPlaceholder')} options={sources.options} />
      </Form.Item>
      <Form.Item name="level" label={t('level')}>
        <Select allowClear style={{ width: 120 }} placeholder={t('selectPlaceholder')} options={levels.options} />
      </Form.Item>
      {bySalesman ? (
        <Form.Item name="salesmanId" label={t('salesman')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 160 }}
            placeholder={t('selectPlaceholder')}
            options={salesmen.data?.map((staff) => ({ value: staff.id, label: staff.fullName }))}
          />
        </Form.Item>
      ) : null}
    </>
  );
}
