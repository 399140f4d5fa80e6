import { Alert, Button, Card, Flex, Popconfirm, Popover, QRCode, Space, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useMessages } from '@/shared/i18n';
import { useSave } from '@/shared/list/useSave';
import { usePermission } from '@/shared/permission';
import { renewTrackingLink, revokeTrackingLink, trackingLinkKey, useTrackingLink, type OrderDetail, type TrackingLink } from './api';
import { formatTime } from './format';
import { orderDetailMessages } from './messages';
import { awaitedByAntd } from '@/shared/awaited-by-antd';

/** The link customers open: PUBLIC_BASE_URL's, or (not configured) this browser's own address. */
export const trackingUrl = (link: Pick<TrackingLink, 'url' | 'token'>, origin = window.location.origin) => link.url ?? `${origin}/t/${link.token}`;

/**
 * The order's public tracking link above its timeline: the link to copy, its QR code, how often it was
 * viewed; staff who may edit the order make a new link (the old one stops working) or revoke it.
 */
export function TrackingLinkCard({ order }: { order: Pick<OrderDetail, 'id'> }) {
  const t = useMessages(orderDetailMessages);
  const link = useTrackingLink(order.id);
  const mayEdit = usePermission(['order:modify']);
  const queryClient = useQueryClient();
  const update = (answer: TrackingLink) => queryClient.setQueryData(trackingLinkKey(order.id), answer);
  const renew = useSave({ save: () => renewTrackingLink(order.id), savedMessage: t('trackingRenewed'), onSaved: update });
  const revoke = useSave({ save: () => revokeTrackingLink(order.id), savedMessage: t('trackingRevokedDone'), onSaved: update });
  const data = link.data;
  if (!data) return null;
  const url = trackingUrl(data);
  return (
    <Card size="small" title={t('trackingLink')} data-testid="tracking-link">
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('trackingLinkHint')}</Typography.Text>
        {data.url === null ? <Alert type="warning" showIcon title={t('trackingNoBaseUrl')} data-testid="tracking-no-base-url" /> : null}
        <Flex align="center" gap={8} wrap>
          {data.revoked ? (
            <>
              <Typography.Text delete data-testid="tracking-url">
                {url}
              </Typography.Text>
              <Tag color="red">{t('trackingRevoked')}</Tag>
            </>
          ) : (
            <>
              <Typography.Text copyable={{ text: url }} data-testid="tracking-url">
                {url}
              </Typography.Text>
              <Popover content={<QRCode value={url} size={180} bordered={false} data-testid="tracking-qr" />} trigger="click">
                <Button size="small">{t('trackingQr')}</Button>
              </Popover>
            </>
          )}
        </Flex>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary" data-testid="tracking-views">
            {t('trackingViews', { count: data.views })}
            {data.lastViewedAt ? ` · ${t('trackingLastViewed', { time: formatTime(data.lastViewedAt) ?? '' })}` : ''}
          </Typography.Text>
          {mayEdit ? (
            <Space>
              <Popconfirm title={t('trackingRenewConfirm')} onConfirm={awaitedByAntd(() => renew.mutateAsync(undefined).catch(() => undefined))}>
                <Button size="small" loading={renew.isPending} data-testid="tracking-renew">
                  {t('trackingRenew')}
                </Button>
              </Popconfirm>
              {data.revoked ? null : (
                <Popconfirm title={t('trackingRevokeConfirm')} onConfirm={awaitedByAntd(() => revoke.mutateAsync(undefined).catch(() => undefined))}>
                  <Button size="small" danger loading={revoke.isPending} data-testid="tracking-revoke">
                    {t('trackingRevoke')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}
