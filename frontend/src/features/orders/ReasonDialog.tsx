import { ORDER_FLOW, type OrderStage } from '@forwarder/domain';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useMessages } from '@/shared/i18n';
import { isStale, listMessages } from '@/shared/list';
import { demoteOrder, holdOrder, revokeOrder, voidOrder, type OrderRow } from './api';
import { orderMessages } from './messages';
import { ListAlert } from './ListAlert';
import { useStageNames } from '@/shared/orders/stageNames';

export type ReasonAction = 'demote' | 'abnormal' | 'detain' | 'void' | 'revoke';

export interface ReasonRequest {
  action: ReasonAction;
  orders: readonly OrderRow[];
}

const save = (action: ReasonAction, order: OrderRow, reason: string, notHeld: string) => {
  const body = { id: order.id, reason, ver: order.ver };
  switch (action) {
    case 'revoke':
      // each order's own side state is revoked (a selection on the All screen may mix them)
      if (!order.sideState) return Promise.reject(new Error(notHeld));
      return revokeOrder(order.sideState, { id: order.id, ver: order.ver });
    case 'demote':
      return demoteOrder(body);
    case 'void':
      return voidOrder({ ...body, reason: reason || null });
    default:
      return holdOrder(action, body);
  }
};

/**
 * Asks the reason of a demotion, an abnormal mark, a detention or a void (a revoke asks none) and applies
 * it to each chosen order (the server takes them one by one, each with its ver). Orders it refused stay
 * listed with why.
 */
export function ReasonDialog({ request, onClose, onChanged }: { request: ReasonRequest | null; onClose: () => void; onChanged: () => void }) {
  return request ? (
    <ReasonForm key={request.action + request.orders.map((order) => order.id).join()} request={request} onClose={onClose} onChanged={onChanged} />
  ) : null;
}

function ReasonForm({ request, onClose, onChanged }: { request: ReasonRequest; onClose: () => void; onChanged: () => void }) {
  const t = useMessages(orderMessages);
  const common = useMessages(listMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const { action, orders } = request;
  const [failures, setFailures] = useState<{ orderNo: string; error: string }[]>([]);
  // a void may go without a reason, a revoke has none; the other actions need one
  const required = action !== 'void' && action !== 'revoke';
  const apply = useMutation({
    mutationFn: async (reason: string) => {
      const failed: { orderNo: string; error: string }[] = [];
      let stale = false;
      for (const order of orders) {
        try {
          await save(action, order, reason, t('revokeNotHeld'));
        } catch (error) {
          stale ||= isStale(error);
          failed.push({ orderNo: order.orderNo, error: error instanceof Error ? error.message : String(error) });
        }
      }
      return { failed, stale };
    },
    onSuccess: ({ failed, stale }) => {
      onChanged();
      if (stale) message.warning(t('staleReloaded'));
      if (!failed.length) {
        message.success(orders.length > 1 ? t('batchAllDone', { count: orders.length }) : common('saved'));
        onClose();
        return;
      }
      setFailures(failed);
    },
  });
  const stageNameOf = useStageNames();
  const single = orders.length === 1 ? orders[0] : null;
  const from = single?.stage as OrderStage | undefined;
  const to = from ? ORDER_FLOW[ORDER_FLOW.indexOf(from) - 1] : undefined;

  return (
    <Modal
      open
      title={t(`reasonTitle_${action}`)}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: apply.isPending, disabled: failures.length > 0, 'data-testid': 'order-reason-submit' }}
      destroyOnHidden
    >
      <div data-testid="order-reason-dialog">
        {action === 'demote' && single && from && to ? (
          <Typography.Paragraph>
            {t('demoteTo', { no: single.orderNo, from: stageNameOf(single.shipType, `stage_${from}`), to: stageNameOf(single.shipType, `stage_${to}`) })}
          </Typography.Paragraph>
        ) : (
          <Typography.Paragraph>{t('reasonOrders', { list: orders.map((order) => order.orderNo).join('、') })}</Typography.Paragraph>
        )}
        <ListAlert
          type="error"
          title={t('batchPartly', { done: orders.length - failures.length })}
          items={failures.map((failure) => ({ key: failure.orderNo, text: `${failure.orderNo}: ${failure.error}` }))}
        />
        <Form form={form} layout="vertical" onFinish={({ reason }) => apply.mutate(reason?.trim() ?? '')}>
          {action === 'revoke' ? null : (
            <Form.Item
              name="reason"
              label={t('reason')}
              rules={[
                { required, whitespace: true, message: t('reasonRequired') },
                { max: 500, message: t('reasonRequired') },
              ]}
            >
              <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 3 }} data-testid="order-reason" />
            </Form.Item>
          )}
        </Form>
      </div>
    </Modal>
  );
}
