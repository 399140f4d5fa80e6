import { type PermissionCode, normaliseContainerNo } from '@forwarder/domain';
import { Form, Input, Modal, Typography } from 'antd';
import { SEAL_STAGES } from '@forwarder/domain';
import { useMessages } from '@/shared/i18n';
import { sealOrders } from './api';
import { containerNoRule } from './containerNo';
import { orderMessages } from './messages';
import { ListAlert } from './ListAlert';
import { useOrderBatch } from './useOrderBatch';

/** What the dialog needs of an order (a list row or the detail). */
export interface SealableOrder {
  id: number;
  orderNo: string;
  shipType: string;
  stage: string;
  sideState: string | null;
  containerNo: string | null;
  sealNo: string | null;
}

/** Whether the server takes a container and seal for the order: sea, in the warehouse or waiting to be loaded, not held. */
export const isSealable = (order: SealableOrder) =>
  order.shipType !== 'airtransport' && !order.sideState && (SEAL_STAGES as readonly string[]).includes(order.stage);

/** Whether a list screen offers the seal registration: a sea line's screens of the stages it applies to. */
export const sealOffered = (shipType: string, view: string, may: (permission: PermissionCode) => boolean) =>
  shipType !== 'airtransport' && (SEAL_STAGES as readonly string[]).includes(view) && may('order:seal');

interface SealValues {
  containerNo: string;
  sealNo: string;
}

/**
 * Records one container and seal number on the chosen sea orders (the server's `order/seal`): the
 * container number is checked as the server does (ISO 6346 with its check digit) before it is sent.
 */
export function SealDialog({ orders, onClose, onSealed }: { orders: readonly SealableOrder[] | null; onClose: () => void; onSealed: () => void }) {
  return orders?.length ? <SealForm key={orders.map((order) => order.id).join()} orders={orders} onClose={onClose} onSealed={onSealed} /> : null;
}

function SealForm({ orders, onClose, onSealed }: { orders: readonly SealableOrder[]; onClose: () => void; onSealed: () => void }) {
  const t = useMessages(orderMessages);
  const [form] = Form.useForm<SealValues>();
  // the orders' common values, when they share them (a second look at one container)
  const shared = (field: 'containerNo' | 'sealNo') =>
    orders.every((order) => order[field] === orders[0][field]) ? (orders[0][field] ?? undefined) : undefined;
  const { mutation: seal, refusals } = useOrderBatch({
    form,
    send: (values: SealValues) =>
      sealOrders({ ids: orders.map((order) => order.id), containerNo: normaliseContainerNo(values.containerNo), sealNo: values.sealNo.trim() }),
    doneMessage: ({ count }, values) => t('sealed', { count, containerNo: normaliseContainerNo(values.containerNo) }),
    onDone: onSealed,
    onClose,
  });
  const containerLabel = t('containerNo');
  const sealLabel = t('sealNo');
  return (
    <Modal
      open
      title={t('sealTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: seal.isPending, 'data-testid': 'order-seal-submit' }}
      destroyOnHidden
      width={520}
    >
      <div data-testid="order-seal-dialog">
        <Typography.Paragraph>{t('sealOrders', { count: orders.length, list: orders.map((order) => order.orderNo).join('、') })}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('sealHint')}</Typography.Paragraph>
        <ListAlert type="error" title={t('sealRefused')} items={refusals.map((refusal) => ({ key: refusal, text: refusal }))} testId="order-seal-refusals" />
        <Form<SealValues>
          form={form}
          layout="vertical"
          initialValues={{ containerNo: shared('containerNo'), sealNo: shared('sealNo') }}
          onFinish={(values) => seal.mutate(values)}
        >
          <Form.Item
            name="containerNo"
            label={containerLabel}
            validateFirst
            rules={[{ required: true, whitespace: true, message: t('fieldRequired', { field: containerLabel }) }, containerNoRule()]}
          >
            <Input maxLength={20} placeholder="CSQU3054383" data-testid="order-seal-containerNo" />
          </Form.Item>
          <Form.Item
            name="sealNo"
            label={sealLabel}
            rules={[
              { required: true, whitespace: true, message: t('fieldRequired', { field: sealLabel }) },
              { max: 30, message: t('fieldTooLong', { field: sealLabel, max: 30 }) },
            ]}
          >
            <Input maxLength={30} data-testid="order-seal-sealNo" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
