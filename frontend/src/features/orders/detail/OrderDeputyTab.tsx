import { Flex, Form, Input } from 'antd';
import { useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { saveDeputy, type DeputyFields, type OrderDetail } from './api';
import { orderDetailMessages } from './messages';
import { SaveBar } from './SaveBar';
import { useOrderSave } from './useOrderSave';

const blankAsNull = (value: string | null | undefined) => value?.trim() || null;

/** The destination agent of the order; with order:deputy the form saves (the fields replace the saved ones). */
export function OrderDeputyTab({ order, onSaved, onStale }: { order: OrderDetail; onSaved: () => void; onStale: () => void }) {
  const t = useMessages(orderDetailMessages);
  const mayEdit = usePermission(['order:deputy']) && order.sideState !== 'delete';
  const [form] = Form.useForm<DeputyFields>();
  const save = useOrderSave({
    save: (values: DeputyFields) =>
      saveDeputy({
        orderId: order.id,
        ver: order.ver,
        agentName: values.agentName.trim(),
        agentContact: blankAsNull(values.agentContact),
        agentPhone: blankAsNull(values.agentPhone),
        agentEmail: blankAsNull(values.agentEmail),
        agentAddress: blankAsNull(values.agentAddress),
        remark: blankAsNull(values.remark),
      }),
    form,
    onSaved,
    onStale,
  });
  return (
    <Form<DeputyFields>
      // a new ver (saved here or elsewhere) shows the stored agent
      key={order.ver}
      form={form}
      layout="vertical"
      disabled={!mayEdit}
      style={{ maxWidth: 640 }}
      initialValues={{
        agentName: order.agentName ?? '',
        agentContact: order.agentContact,
        agentPhone: order.agentPhone,
        agentEmail: order.agentEmail,
        agentAddress: order.agentAddress,
        remark: order.agentRemark,
      }}
      onFinish={(values) => void save.mutateAsync(values).catch(() => undefined)}
      data-testid="deputy-form"
    >
      <Form.Item name="agentName" label={t('agentName')} rules={[{ required: true, whitespace: true, message: t('agentNameRequired') }, { max: 200 }]}>
        <Input data-testid="deputy-name" />
      </Form.Item>
      <Flex gap={12}>
        <Form.Item name="agentContact" label={t('agentContact')} rules={[{ max: 100 }]} style={{ flex: 1 }}>
          <Input />
        </Form.Item>
        <Form.Item name="agentPhone" label={t('agentPhone')} rules={[{ max: 30 }]} style={{ flex: 1 }}>
          <Input />
        </Form.Item>
        <Form.Item name="agentEmail" label={t('agentEmail')} rules={[{ type: 'email', message: t('agentEmailInvalid') }, { max: 100 }]} style={{ flex: 1 }}>
          <Input />
        </Form.Item>
      </Flex>
      <Form.Item name="agentAddress" label={t('agentAddress')} rules={[{ max: 500 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')} rules={[{ max: 500 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
      {mayEdit ? <SaveBar saving={save.isPending} testId="deputy-save" /> : null}
    </Form>
  );
}
