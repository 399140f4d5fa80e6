import { LOGGED_NOTICE_STATUSES, type LoggedNoticeStatus } from '@forwarder/domain';
import type { Schema } from '@/shared/api';
import { Form, Progress, Select, Tag, Tooltip } from 'antd';
import { useMessages } from '@/shared/i18n';
import { formatTime } from './format';
import { LogListPage } from './LogListPage';
import type { LogFilterValues } from './logQuery';
import { logMessages } from './messages';

type NoticeRecord = Omit<Schema<'NoticeLogView'>, 'status'> & { status: LoggedNoticeStatus };

type Filters = LogFilterValues & { status?: LoggedNoticeStatus };

/** /log/notice: published and withdrawn notices, with how much of their audience has read them. */
export function NoticeLogPage() {
  const t = useMessages(logMessages);
  const audience = (row: NoticeRecord) =>
    row.audience === 'roles'
      ? t('audience_roles', { count: row.audienceRoleIds.length })
      : row.audience === 'users'
        ? t('audience_users', { count: row.audienceUserIds.length })
        : t('audience_all');
  return (
    <LogListPage<NoticeRecord, Filters>
      screen="notice"
      userLabel={t('author')}
      filters={
        <>
          <Form.Item name="status" label={t('noticeStatus')}>
            <Select allowClear style={{ width: 120 }} options={LOGGED_NOTICE_STATUSES.map((value) => ({ value, label: t(`status_${value}`) }))} />
          </Form.Item>
        </>
      }
      columns={[
        { key: 'title', title: t('title'), dataIndex: 'title', ellipsis: true, width: 320 },
        {
          key: 'status',
          title: t('noticeStatus'),
          dataIndex: 'status',
          render: (status: LoggedNoticeStatus) => <Tag color={status === 'published' ? 'green' : 'default'}>{t(`status_${status}`)}</Tag>,
        },
        { key: 'audience', title: t('audience'), render: (_, row) => audience(row) },
        { key: 'publishedAt', title: t('publishedAt'), dataIndex: 'publishedAt', render: formatTime },
        { key: 'withdrawnAt', title: t('withdrawnAt'), dataIndex: 'withdrawnAt', render: formatTime },
        { key: 'authorName', title: t('author'), dataIndex: 'authorName' },
        {
          key: 'read',
          title: t('readProgress'),
          width: 200,
          render: (_, row) => (
            <Tooltip title={t('readCount', { read: row.readCount, total: row.audienceSize })}>
              <Progress
                size="small"
                percent={row.audienceSize ? Math.round((row.readCount / row.audienceSize) * 100) : 0}
                format={() => `${row.readCount}/${row.audienceSize}`}
              />
            </Tooltip>
          ),
        },
      ]}
    />
  );
}
