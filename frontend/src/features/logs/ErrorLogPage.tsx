import { skipToken, useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { api, type Schema } from '@/shared/api';
import { listMessages, RowAction } from '@/shared/list';
import { useMessages } from '@/shared/i18n';
import { formatTime } from './format';
import { LogListPage } from './LogListPage';
import { logMessages } from './messages';
import { RequestIdText } from './RequestIdText';

type ErrorRecord = Schema<'ErrorView'>;

/** /log/error: the exceptions the server caught, each with its stack on demand. */
export function ErrorLogPage() {
  const t = useMessages(logMessages);
  const common = useMessages(listMessages);
  const [shown, setShown] = useState<number | null>(null);
  return (
    <>
      <LogListPage<ErrorRecord>
        screen="error"
        traced
        columns={[
          { key: 'message', title: t('errorMessage'), dataIndex: 'message', ellipsis: true, width: 420 },
          { key: 'route', title: t('route'), render: (_, row) => [row.method, row.route].filter(Boolean).join(' ') },
          { key: 'userName', title: t('user'), dataIndex: 'userName' },
          { key: 'requestId', title: t('requestId'), dataIndex: 'requestId', render: (id: string | null) => <RequestIdText id={id} /> },
          { key: 'createdAt', title: t('time'), dataIndex: 'createdAt', render: formatTime },
          {
            key: 'actions',
            title: common('actions'),
            render: (_, row) => <RowAction onClick={() => setShown(row.id)}>{t('detail')}</RowAction>,
          },
        ]}
      />
      <ErrorDetailDialog id={shown} onClose={() => setShown(null)} />
    </>
  );
}

function ErrorDetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useMessages(logMessages);
  const detail = useQuery({
    queryKey: ['/log/error/detail', id],
    queryFn: id === null ? skipToken : () => api.get('/log/error/detail/{id}', { path: { id } }),
  });
  const error = detail.data;
  return (
    <Modal open={id !== null} width={900} title={t('errorDetail')} footer={null} onCancel={onClose} destroyOnHidden>
      {!error ? (
        <Spin spinning={detail.isFetching} />
      ) : (
        <Descriptions
          size="small"
          column={1}
          bordered
          items={[
            { key: 'message', label: t('errorMessage'), children: error.message },
            { key: 'route', label: t('route'), children: [error.method, error.route].filter(Boolean).join(' ') },
            { key: 'user', label: t('user'), children: error.userName },
            { key: 'requestId', label: t('requestId'), children: <RequestIdText id={error.requestId} /> },
            { key: 'time', label: t('time'), children: formatTime(error.createdAt) },
            {
              key: 'stack',
              label: t('stack'),
              children: error.stack ? (
                <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 12, maxHeight: 400, overflow: 'auto' }}>
                  {error.stack}
                </Typography.Paragraph>
              ) : (
                t('noStack')
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
