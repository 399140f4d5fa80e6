import type { ShipType, UpgradeStage } from '@forwarder/domain';
import { DatePicker, Form, Input, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMessages } from '@/shared/i18n';
import { upgradeOrders, type OrderRow, type StageData } from './api';
import { containerNoRule } from './containerNo';
import { orderMessages } from './messages';
import { toBody } from './orderForm';
import { afterToday, HAPPENED_TIMES, ordersLackingData, stageInputsFor } from './orderViews';
import { ListAlert } from './ListAlert';
import { useOrderBatch } from './useOrderBatch';
import { useStageNames } from '@/shared/orders/stageNames';

export interface UpgradeRequest {
  stage: UpgradeStage;
  orders: readonly OrderRow[];
}

/**
 * Moves the chosen orders to the next stage, all or none, asking the stage data the move needs
 * (container and seal, vessel or flight and ETD, …) for the whole batch. A refusal lists every order
 * that cannot move and why.
 */
export function UpgradeDialog({
  shipType,
  request,
  onClose,
  onMoved,
}: {
  shipType: ShipType;
  request: UpgradeRequest | null;
  onClose: () => void;
  onMoved: () => void;
}) {
  return request ? (
    <UpgradeForm
      key={request.stage + request.orders.map((order) => order.id).join()}
      shipType={shipType}
      request={request}
      onClose={onClose}
      onMoved={onMoved}
    />
  ) : null;
}

function UpgradeForm({ shipType, request, onClose, onMoved }: { shipType: ShipType; request: UpgradeRequest; onClose: () => void; onMoved: () => void }) {
  const t = useMessages(orderMessages);
  const [form] = Form.useForm<Record<string, unknown>>();
  const { stage, orders } = request;
  const stageNameOf = useStageNames();
  const stageLabel = stageNameOf(shipType, `move_${stage}`);
  const inputs = stageInputsFor(stage, shipType, orders);
  const lacking = ordersLackingData(stage, orders);
  const { mutation: move, refusals } = useOrderBatch({
    form,
    send: (values: Record<string, unknown>) => upgradeOrders(stage, { ids: orders.map((order) => order.id), ...(toBody(values) as StageData) }),
    doneMessage: ({ count }) => t('upgraded', { count, stage: stageLabel }),
    onDone: onMoved,
    onClose,
  });

  return (
    <Modal
      open
      title={t('upgradeTitle', { stage: stageLabel })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: lacking.length > 0, loading: move.isPending, 'data-testid': 'order-upgrade-submit' }}
      destroyOnHidden
      width={560}
    >
      <div data-testid="order-upgrade-dialog">
        <Typography.Paragraph>
          {t('upgradeOrders', { count: orders.length, stage: stageLabel })} {orders.map((order) => order.orderNo).join('、')}
        </Typography.Paragraph>
        <ListAlert
          type="warning"
          title={t('upgradeNeedsOrderData')}
          items={lacking.map((lack) => ({ key: lack.orderNo, text: `${lack.orderNo}: ${lack.fields.map((field) => t(field)).join('、')}` }))}
        />
        <ListAlert
          type="error"
          title={t('upgradeRefused')}
          items={refusals.map((refusal) => ({ key: refusal, text: refusal }))}
          testId="order-upgrade-refusals"
        />
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) => move.mutate(values)}
          initialValues={Object.fromEntries(
            inputs.map((input) => [input.name, input.kind === 'time' && typeof input.initial === 'string' ? dayjs(input.initial) : input.initial]),
          )}
        >
          {inputs.length ? (
            <Typography.Paragraph type="secondary">{t('upgradeStageDataHint')}</Typography.Paragraph>
          ) : (
            <Typography.Paragraph type="secondary">{t('upgradeNoData')}</Typography.Paragraph>
          )}
          {inputs.map((input) => {
            const label = t(input.name);
            const rules = [
              // a rule naming `whitespace` is a string rule: the time pickers' dayjs values would fail it
              ...(input.required
                ? [{ required: true, ...(input.kind === 'text' ? { whitespace: true } : {}), message: t('fieldRequired', { field: label }) }]
                : []),
              ...(input.max ? [{ max: input.max, message: t('fieldTooLong', { field: label, max: input.max }) }] : []),
              ...(input.name === 'containerNo' ? [containerNoRule()] : []),
            ];
            return input.kind === 'time' ? (
              <Form.Item key={input.name} name={input.name} label={label} rules={rules} extra={input.defaultsToNow ? t('upgradeDefaultNow') : undefined}>
                <DatePicker
                  showTime
                  style={{ width: '100%' }}
                  disabledDate={HAPPENED_TIMES.has(input.name) ? afterToday : undefined}
                  data-testid={`order-upgrade-${input.name}`}
                />
              </Form.Item>
            ) : (
              <Form.Item key={input.name} name={input.name} label={label} rules={rules}>
                <Input maxLength={input.max} data-testid={`order-upgrade-${input.name}`} />
              </Form.Item>
            );
          })}
          {/* where the move happened, for the timeline: offered with the stage's data, not under "this stage needs no data" */}
          {inputs.length ? (
            <Form.Item name="location" label={t('location')} rules={[{ max: 200, message: t('fieldTooLong', { field: t('location'), max: 200 }) }]}>
              <Input maxLength={200} data-testid="order-upgrade-location" />
            </Form.Item>
          ) : null}
        </Form>
      </div>
    </Modal>
  );
}
