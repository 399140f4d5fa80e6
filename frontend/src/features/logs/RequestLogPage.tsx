import { HTTP_METHODS } from '@forwarder/domain';
import { Descriptions, Form, InputNumber, Select, Tag, Typography } from 'antd';
import type { Schema } from '@/shared/api';
import { useMessages } from '@/shared/i18n';
import { formatTime } from './format';
import { LogListPage } from './LogListPage';
import type { LogFilterValues } from './logQuery';
import { logMessages } from './messages';
import { RequestIdText } from './RequestIdText';

type RequestRecord = Schema<'RequestView'>;

type Filters = LogFilterValues & { method?: string; statusFrom?: number; statusTo?: number; minDurationMs?: number };

/** Green for success, orange for the caller's mistakes, red for the server's. */
function statusColor(status: number): string {
  if (status >= 500) return 'red';
  if (status >= 400) return 'orange';
  if (status >= 300) return 'blue';
  return 'green';
}

/** /log/request: every API call with its answer status and duration. */
export function RequestLogPage() {
  const t = useMessages(logMessages);
  const status = (label: string) => <InputNumber min={100} max={599} precision={0} placeholder={label} style={{ width: 110 }} />;
  return (
    <LogListPage<RequestRecord, Filters>
      screen="request"
      traced
      filters={
        <>
          <Form.Item name="method" label={t('method')}>
            <Select allowClear style={{ width: 110 }} options={HTTP_METHODS.map((value) => ({ value, label: value }))} />
          </Form.Item>
          <Form.Item name="statusFrom" label={t('status')}>
            {status(t('statusFrom'))}
          </Form.Item>
          <Form.Item name="statusTo">{status(t('statusTo'))}</Form.Item>
          <Form.Item name="minDurationMs" label={t('minDuration')}>
            <InputNumber min={0} precision={0} style={{ width: 110 }} />
          </Form.Item>
        </>
      }
      columns={[
        { key: 'method', title: t('method'), dataIndex: 'method', render: (method: string) => <Tag>{method}</Tag> },
        { key: 'path', title: t('path'), dataIndex: 'path' },
        { key: 'status', title: t('status'), dataIndex: 'status', render: (value: number) => <Tag color={statusColor(value)}>{value}</Tag> },
        { key: 'durationMs', title: t('duration'), dataIndex: 'durationMs', align: 'right', render: (ms: number) => t('durationMs', { ms }) },
        { key: 'userName', title: t('user'), dataIndex: 'userName' },
        { key: 'ip', title: t('ip'), dataIndex: 'ip' },
        { key: 'requestId', title: t('requestId'), dataIndex: 'requestId', render: (id: string | null) => <RequestIdText id={id} /> },
        { key: 'createdAt', title: t('time'), dataIndex: 'createdAt', render: formatTime },
      ]}
      expandable={{
        expandedRowRender: (row) => (
          // Takes the row's width without widening the table to the longest line (the table sizes to its content).
          <div style={{ width: 0, minWidth: '100%' }}>
            <Descriptions
              size="small"
              column={1}
              items={[
                {
                  key: 'params',
                  label: t('params'),
                  children:
                    row.params == null ? (
                      t('noParams')
                    ) : (
                      <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontFamily: 'monospace' }}>
                        {JSON.stringify(row.params, null, 2)}
                      </Typography.Paragraph>
                    ),
                },
                { key: 'userAgent', label: t('userAgent'), children: row.userAgent },
              ]}
            />
          </div>
        ),
      }}
    />
  );
}
