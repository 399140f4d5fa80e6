import { Card, Col, Form, Row, Select } from 'antd';
import { useMessages } from '@/shared/i18n';
import { AddFormButtons, useAddForm } from '@/shared/list';
import { usePermission } from '@/shared/permission';
import { addCustomer, useRefreshCustomers, useStaffWithRole, type CustomerFields } from './api';
import { CustomerFormFields } from './CustomerFormFields';
import { customerMessages } from './messages';

type AddForm = CustomerFields & { salesmanId?: number };

const INITIAL: Partial<AddForm> = { acceptEmail: true };

/** /customers/add: a new customer awaits review; managers (customers:all) may add it for a colleague. */
export function CustomerAddPage() {
  const t = useMessages(customerMessages);
  const forColleagues = usePermission(['customers:all']);
  const salesmen = useStaffWithRole('salesman', forColleagues);
  const refresh = useRefreshCustomers();
  const mayAdd = usePermission(['customers:add']);
  const { form, submit, isSaving } = useAddForm({ save: addCustomer, savedMessage: t('added'), onAdded: () => void refresh() });

  return (
    <Card title={t('addTitle')} data-testid="customer-add-page">
      <Form form={form} name="customerAdd" layout="vertical" initialValues={INITIAL} onFinish={submit} style={{ maxWidth: 960 }}>
        {forColleagues ? (
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="salesmanId" label={t('salesman')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('salesmanSelf')}
                  loading={salesmen.isFetching}
                  options={salesmen.data?.map((staff) => ({ value: staff.id, label: staff.fullName }))}
                  data-testid="customer-salesman"
                />
              </Form.Item>
            </Col>
          </Row>
        ) : null}
        <CustomerFormFields />
        {mayAdd ? <AddFormButtons submitLabel={t('submit')} resetLabel={t('resetForm')} isSaving={isSaving} submitTestId="customer-submit" /> : null}
      </Form>
    </Card>
  );
}
