import { SIDE_STATES } from '@forwarder/domain';
import { Button, DatePicker, Empty, Flex, Form, Input, Spin, Tag, Timeline, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { insertTrack, updateTrack, useOrderTracks, type OrderDetail, type TrackEvent } from './api';
import { formatTime } from './format';
import { FormDialog } from './FormDialog';
import { orderDetailMessages } from './messages';
import { TrackingLinkCard } from './TrackingLinkCard';
import { useOrderSave } from './useOrderSave';
import { useStageNames } from '@/shared/orders/stageNames';

interface TrackFormValues {
  content: string;
  location?: string;
  occurredAt?: Dayjs | null;
}

/** The order's timeline, newest first (as the public tracking page); with order:track, manual events are added and corrected (with ver). */
export function OrderTimelineTab({ order, onChanged }: { order: OrderDetail; onChanged: () => void }) {
  const t = useMessages(orderDetailMessages);
  const stageNameOf = useStageNames();
  const tracks = useOrderTracks(order.id);
  const mayAddEvents = usePermission(['order:track']);
  const voided = order.sideState === 'delete';
  const [editing, setEditing] = useState<TrackEvent | 'new' | null>(null);
  // the server answers oldest first; the latest news leads
  const events = [...(tracks.data ?? [])].reverse();
  return (
    <Spin spinning={tracks.isPending}>
      <Flex vertical gap={12}>
        <TrackingLinkCard order={order} />
        {mayAddEvents && !voided ? (
          <Flex justify="flex-end">
            <Button type="primary" onClick={() => setEditing('new')} data-testid="track-add">
              {t('trackAdd')}
            </Button>
          </Flex>
        ) : null}
        {events.length === 0 && !tracks.isPending ? <Empty description={t('trackEmpty')} /> : null}
        <Timeline
          data-testid="track-timeline"
          items={events.map((event) => ({
            key: event.id,
            color: event.kind === 'manual' ? 'green' : (SIDE_STATES as readonly string[]).includes(event.kind) ? 'red' : 'blue',
            content: (
              <Flex vertical gap={2}>
                <Typography.Text type="secondary">
                  {formatTime(event.occurredAt)} · {stageNameOf(order.shipType, `stage_${event.stage}` as 'stage_created')}
                  {event.location ? ` · ${event.location}` : ''}
                </Typography.Text>
                <Flex gap={8} align="center">
                  <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{event.content}</Typography.Text>
                  {event.kind === 'manual' ? <Tag>{t('trackManual')}</Tag> : null}
                  {event.kind === 'manual' && mayAddEvents && !voided ? (
                    <Button type="link" size="small" onClick={() => setEditing(event)}>
                      {t('edit')}
                    </Button>
                  ) : null}
                </Flex>
              </Flex>
            ),
          }))}
        />
      </Flex>
      {editing ? (
        <TrackDialog
          orderId={order.id}
          event={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void tracks.refetch();
            onChanged();
          }}
        />
      ) : null}
    </Spin>
  );
}

function TrackDialog({ orderId, event, onClose, onSaved }: { orderId: number; event: TrackEvent | null; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(orderDetailMessages);
  const [form] = Form.useForm<TrackFormValues>();
  const save = useOrderSave({
    save: (values: TrackFormValues) => {
      const fields = { content: values.content, location: values.location?.trim() || null, occurredAt: values.occurredAt?.toISOString() };
      return event ? updateTrack({ id: event.id, ver: event.ver, ...fields }) : insertTrack({ orderId, ...fields });
    },
    form,
    onSaved,
    onStale: onSaved,
  });
  return (
    <FormDialog<TrackFormValues>
      title={event ? t('trackEdit') : t('trackAdd')}
      width={400}
      form={form}
      save={save}
      onClose={onClose}
      initialValues={event ? { content: event.content, location: event.location ?? undefined, occurredAt: dayjs(event.occurredAt) } : { occurredAt: null }}
    >
      <Form.Item name="content" label={t('trackContent')} rules={[{ required: true, whitespace: true, message: t('trackContentRequired') }, { max: 1000 }]}>
        <Input.TextArea rows={3} data-testid="track-content" />
      </Form.Item>
      <Form.Item name="location" label={t('trackLocation')} rules={[{ max: 200 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="occurredAt" label={t('trackOccurredAt')}>
        <DatePicker showTime style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}
