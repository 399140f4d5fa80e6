import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, InputNumber, Modal, Popconfirm, Radio, Select, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useDictOptions } from '@/features/dict';
import { TextField } from '@/shared/components/TextField';
import { useMessages } from '@/shared/i18n';
import { listMessages, useSave } from '@/shared/list';
import { usePermission } from '@/shared/permission';
import { deleteRule, saveRule, useCommissionRules, useRefreshFinance, useSalesmen, type CommissionRule, type RuleFields } from './api';
import { ShipTypeSelect, useShipTypeLabel } from './FilterSelects';
import { financeMessages } from './messages';
import { awaitedByAntd } from '@/shared/awaited-by-antd';

/** The commission rules (`finance:rebate` reads them, `finance:edit` changes them). */
export function CommissionRulesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useMessages(financeMessages);
  const common = useMessages(listMessages);
  const mayEdit = usePermission(['finance:edit']);
  const rules = useCommissionRules(open);
  const salesmen = useSalesmen(open);
  const levels = useDictOptions('customerLevel');
  const lineLabel = useShipTypeLabel();
  const [editing, setEditing] = useState<Partial<CommissionRule> | null>(null);
  const refresh = useRefreshFinance();
  const reload = () => void refresh();
  const remove = useSave({ save: deleteRule, onSaved: reload, onStale: reload });
  const any = <Tag>{t('ruleAny')}</Tag>;

  const columns: TableColumnsType<CommissionRule> = [
    { key: 'name', title: t('ruleName'), dataIndex: 'name' },
    { key: 'shipType', title: t('shipType'), dataIndex: 'shipType', render: (value: string | null) => (value ? lineLabel(value) : any) },
    {
      key: 'salesman',
      title: t('salesman'),
      dataIndex: 'salesmanId',
      render: (id: number | null) => (id ? (salesmen.data?.find((staff) => staff.id === id)?.fullName ?? id) : any),
    },
    { key: 'customerLevel', title: t('customerLevel'), dataIndex: 'customerLevel', render: (value: string | null) => (value ? levels.labelOf(value) : any) },
    { key: 'basis', title: t('basis'), dataIndex: 'basis', render: (basis: CommissionRule['basis']) => t(`basis_${basis}`) },
    { key: 'rate', title: t('commissionRate'), dataIndex: 'rate', align: 'right', render: (rate: number) => `${rate}%` },
    {
      key: 'enabled',
      title: t('enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean) => (enabled ? <Tag color="success">{t('enabled')}</Tag> : <Tag>—</Tag>),
    },
    ...(mayEdit
      ? [
          {
            key: 'actions',
            title: common('actions'),
            render: (_: unknown, rule: CommissionRule) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(rule)}>
                  {common('edit')}
                </Button>
                <Popconfirm title={common('deleteConfirm')} onConfirm={awaitedByAntd(() => remove.mutateAsync(rule.id).catch(() => undefined))}>
                  <Button type="link" size="small" danger>
                    {common('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Modal open={open} width={900} title={t('rules')} footer={null} onCancel={onClose} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('ruleMatchHint')} />
        {mayEdit ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ basis: 'profit', enabled: true })}>
            {t('ruleAdd')}
          </Button>
        ) : null}
        <Table<CommissionRule> rowKey="id" size="small" loading={rules.isFetching} columns={columns} dataSource={rules.data ?? []} pagination={false} />
      </Space>
      <RuleForm rule={editing} onClose={() => setEditing(null)} />
    </Modal>
  );
}

function RuleForm({ rule, onClose }: { rule: Partial<CommissionRule> | null; onClose: () => void }) {
  const t = useMessages(financeMessages);
  const [form] = Form.useForm<RuleFields>();
  const salesmen = useSalesmen(rule !== null);
  const levels = useDictOptions('customerLevel');
  const refresh = useRefreshFinance();
  const done = () => {
    void refresh();
    onClose();
  };
  const save = useSave({
    save: (values: RuleFields) =>
      saveRule({
        ...values,
        shipType: values.shipType ?? null,
        salesmanId: values.salesmanId ?? null,
        customerLevel: values.customerLevel ?? null,
        id: rule?.id,
        ver: rule?.ver,
      }),
    form,
    onSaved: done,
    onStale: done,
  });
  return (
    <Modal
      open={rule !== null}
      title={rule?.id ? t('ruleEditTitle', { name: rule.name ?? '' }) : t('ruleAdd')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={rule ?? {}} onFinish={(values) => save.mutate(values)}>
        <TextField name="name" label={t('ruleName')} max={100} lengthMessage={t('lengthMax', { max: 100 })} requiredMessage={t('ruleNameRequired')} />
        <Form.Item name="shipType" label={t('shipType')}>
          <ShipTypeSelect />
        </Form.Item>
        <Form.Item name="salesmanId" label={t('salesman')}>
          <Select allowClear placeholder={t('ruleAny')} options={(salesmen.data ?? []).map((staff) => ({ value: staff.id, label: staff.fullName }))} />
        </Form.Item>
        <Form.Item name="customerLevel" label={t('customerLevel')}>
          <Select allowClear placeholder={t('ruleAny')} options={levels.options} />
        </Form.Item>
        <Form.Item name="basis" label={t('basis')} rules={[{ required: true }]}>
          <Radio.Group
            options={[
              { value: 'revenue', label: t('basis_revenue') },
              { value: 'profit', label: t('basis_profit') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="rate"
          label={`${t('commissionRate')} (%)`}
          rules={[{ required: true, type: 'number', min: 0, max: 100, message: t('ruleRateRequired') }]}
        >
          <InputNumber min={0} max={100} precision={4} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
