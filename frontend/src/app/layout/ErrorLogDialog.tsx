import { Button, Modal, Table, Tooltip } from 'antd';
import { appMessages } from '@/app/messages';
import { clearErrorLog, useErrorLog } from '@/shared/errorLog/errorLog';
import { useMessages } from '@/shared/i18n';

/** The error log's entries (ErrorLogButton opens it). */
export function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useMessages(appMessages);
  const entries = useErrorLog();
  return (
    <Modal
      open={open}
      width={800}
      title={t('errorLogTitle')}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
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
  );
}
