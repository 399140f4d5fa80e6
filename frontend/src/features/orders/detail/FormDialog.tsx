import { Flex, Form, InputNumber, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useMessages } from '@/shared/i18n';
import { orderDetailMessages } from './messages';

/**
 * A dialog of the order's drawer (register cargo, correct the warehouse figures, a timeline event, a
 * task): a vertical form that OK submits, spinning while `save` runs; a refused save stays open.
 */
export function FormDialog<V>({
  title,
  width,
  form,
  save,
  initialValues,
  onClose,
  testId,
  children,
}: {
  title: string;
  width: number;
  form: FormInstance<V>;
  save: { isPending: boolean; mutateAsync: (values: V) => Promise<unknown> };
  initialValues?: Partial<V>;
  onClose: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Modal open title={title} width={width} onCancel={onClose} onOk={() => form.submit()} okButtonProps={{ loading: save.isPending }} destroyOnHidden>
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void save.mutateAsync(values).catch(() => undefined)}
        data-testid={testId}
      >
        {children}
      </Form>
    </Modal>
  );
}

/** The cargo's packages, gross weight and volume side by side (whole packages, kg to 3 places, cbm to 4). */
export function CargoFigures({ required }: { required: boolean }) {
  const t = useMessages(orderDetailMessages);
  const rules = required ? [{ required: true, message: t('figureRequired') }] : undefined;
  return (
    <Flex gap={12}>
      <Form.Item name="packages" label={t('packages')} rules={rules} style={{ flex: 1 }}>
        <InputNumber min={1} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="grossWeight" label={t('grossWeight')} rules={rules} style={{ flex: 1 }}>
        <InputNumber min={0.001} precision={3} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="volume" label={t('volume')} rules={rules} style={{ flex: 1 }}>
        <InputNumber min={0.0001} precision={4} style={{ width: '100%' }} />
      </Form.Item>
    </Flex>
  );
}
