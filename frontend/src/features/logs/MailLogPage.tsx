import { MAIL_RETRYABLE, MAIL_STATUSES, type MailStatus } from '@forwarder/domain';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Form, Modal, Select, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api, type Schema } from '@/shared/api';
import { useMessages } from '@/shared/i18n';
import { listMessages, RowAction, useSave } from '@/shared/list';
import { useStageNames, type LineStageNameKey } from '@/shared/orders/stageNames';
import { formatTime } from './format';
import { LogListPage } from './LogListPage';
import type { LogFilterValues } from './logQuery';
import { logMessages } from './messages';

type MailRecord = Schema<'MailLogView'>;
type Filters = LogFilterValues & { status?: MailStatus };

const STATUS_COLOR: Record<MailStatus, string> = { queued: 'blue', sending: 'processing', sent: 'green', failed: 'red', unsent: 'orange' };
const LIST = ['/log/mail/list'] as const;
const retryable = (status: MailStatus) => MAIL_RETRYABLE.includes(status);

/** /log/mail: the milestone e-mails to customers, queued, sent, failed or kept for want of SMTP; a failed or unsent one is sent again on request. */
export function MailLogPage() {
  const t = useMessages(logMessages);
  const common = useMessages(listMessages);
  const [shown, setShown] = useState<number | null>(null);
  const retry = useRetry();
  const stageName = useStageNames();
  return (
    <>
      <LogListPage<MailRecord, Filters>
        screen="mail"
        userLabel={t('mailSalesman')}
        filters={
          <Form.Item name="status" label={t('mailStatus')}>
            <Select
              allowClear
              style={{ width: 180 }}
              data-testid="mail-filter-status"
              options={MAIL_STATUSES.map((value) => ({ value, label: t(`mail_${value}`) }))}
            />
          </Form.Item>
        }
        columns={[
          { key: 'status', title: t('mailStatus'), dataIndex: 'status', render: (status: MailStatus) => <MailStatusTag status={status} /> },
          { key: 'recipient', title: t('mailRecipient'), dataIndex: 'recipient', ellipsis: true, width: 200 },
          { key: 'subject', title: t('mailSubject'), dataIndex: 'subject', ellipsis: true, width: 300 },
          { key: 'orderNo', title: t('mailOrderNo'), dataIndex: 'orderNo' },
          {
            key: 'stage',
            title: t('mailStage'),
            dataIndex: 'stage',
            render: (stage: string, row) => stageName(row.shipType, `stage_${stage}` as LineStageNameKey),
          },
          { key: 'customerName', title: t('mailCustomer'), dataIndex: 'customerName', ellipsis: true, hidden: true },
          { key: 'salesmanName', title: t('mailSalesman'), dataIndex: 'salesmanName', hidden: true },
          { key: 'attempts', title: t('mailAttempts'), dataIndex: 'attempts' },
          { key: 'lastError', title: t('mailLastError'), dataIndex: 'lastError', ellipsis: true, width: 240 },
          { key: 'createdAt', title: t('mailQueuedAt'), dataIndex: 'createdAt', render: formatTime },
          { key: 'sentAt', title: t('mailSentAt'), dataIndex: 'sentAt', render: formatTime },
          { key: 'updatedAt', title: t('updatedAt'), dataIndex: 'updatedAt', render: formatTime, hidden: true },
          {
            key: 'actions',
            title: common('actions'),
            render: (_, row) => (
              <Space>
                <RowAction onClick={() => setShown(row.id)}>{t('detail')}</RowAction>
                {retryable(row.status) ? (
                  <RowAction onClick={() => retry.mutate(row.id)} testId={`mail-retry-${row.id}`}>
                    {t('mailRetry')}
                  </RowAction>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <MailDetailDialog id={shown} onClose={() => setShown(null)} />
    </>
  );
}

function MailStatusTag({ status }: { status: MailStatus }) {
  const t = useMessages(logMessages);
  return <Tag color={STATUS_COLOR[status]}>{t(`mail_${status}`)}</Tag>;
}

/** 重新发送: back in the queue; the list and the mail shown are read again. */
function useRetry() {
  const t = useMessages(logMessages);
  const client = useQueryClient();
  const reload = () => void client.invalidateQueries({ queryKey: LIST }).then(() => client.invalidateQueries({ queryKey: ['/log/mail/detail'] }));
  return useSave({
    save: (id: number) => api.post('/log/mail/retry/{id}', { path: { id } }),
    savedMessage: t('mailRetried'),
    onSaved: reload,
    onStale: reload,
  });
}

function MailDetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useMessages(logMessages);
  const retry = useRetry();
  const detail = useQuery({
    queryKey: ['/log/mail/detail', id],
    queryFn: id === null ? skipToken : () => api.get('/log/mail/detail/{id}', { path: { id } }),
  });
  const mail = detail.data;
  return (
    <Modal
      open={id !== null}
      width={820}
      title={t('mailDetail')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        mail && retryable(mail.status) ? (
          <Button type="primary" loading={retry.isPending} onClick={() => retry.mutate(mail.id)} data-testid="mail-detail-retry">
            {t('mailRetry')}
          </Button>
        ) : null
      }
    >
      {!mail ? (
        <Spin spinning={detail.isFetching} />
      ) : (
        <Descriptions
          size="small"
          column={1}
          bordered
          items={[
            { key: 'status', label: t('mailStatus'), children: <MailStatusTag status={mail.status} /> },
            { key: 'sender', label: t('mailSender'), children: mail.sender },
            { key: 'recipient', label: t('mailRecipient'), children: mail.recipient },
            { key: 'subject', label: t('mailSubject'), children: mail.subject },
            { key: 'order', label: t('mailOrderNo'), children: mail.orderNo },
            { key: 'customer', label: t('mailCustomer'), children: mail.customerName },
            { key: 'attempts', label: t('mailAttempts'), children: mail.attempts },
            { key: 'lastError', label: t('mailLastError'), children: mail.lastError ?? '—' },
            { key: 'createdAt', label: t('mailQueuedAt'), children: formatTime(mail.createdAt) },
            { key: 'sentAt', label: t('mailSentAt'), children: formatTime(mail.sentAt) },
            {
              key: 'body',
              label: t('mailBody'),
              children: (
                <Typography.Paragraph data-testid="mail-body" style={{ margin: 0, whiteSpace: 'pre-wrap', maxHeight: 360, overflow: 'auto' }}>
                  {mail.body}
                </Typography.Paragraph>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
