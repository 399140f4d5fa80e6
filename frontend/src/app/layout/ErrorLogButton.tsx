import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { appMessages } from '@/app/messages';
import { clearErrorLog, useErrorLog } from '@/shared/errorLog/errorLog';
import { useMessages } from '@/shared/i18n';

/** Captured front-end and request errors, for a user to read out or a developer to inspect. */
export function ErrorLogButton() {
  const t = useMessages(appMessages);
  const entries = useErrorLog();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Badge count={entries.length} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<BugOutlined />} aria-label={t('errorLog')} title={t('errorLog')} onClick={() => setOpen(true)} />
      </Badge>
      <Modal
        open={open}
        width={800}
        title={t('errorLogTitle')}
        onCancel={() => setOpen(false)}
        footer={[
          <Button key="cancel" onClick={() => setOpen(false)}>
            {t('cancel')}
          </Button>,
          <Button key="clear" type="primary" danger disabled={entries.length === 0} onClick={clearErrorLog}>
            {t('clearAll')}
          </Button>,
        ]}
      >
        <Table
          rowKey="id"
          size="small"
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          dataSource={entries}
          locale={{ emptyText: t('errorLogEmpty') }}
          columns={[
            { key: 'url', title: t('errorLogUrl'), dataIndex: 'url', width: 240, ellipsis: true },
            {
              key: 'message',
              title: t('errorLogMessage'),
              dataIndex: 'message',
              render: (message: string, entry) => (
                <Tooltip title={entry.stack ? <pre className="app-error-stack">{entry.stack}</pre> : undefined} placement="topLeft">
                  <span>{message}</span>
                </Tooltip>
              ),
            },
          ]}
        />
      </Modal>
    </>
  );
}
