import { App, Button } from 'antd';
import { useState } from 'react';
import type { Schema } from '@/shared/api';
import { listMessages } from '@/shared/list';
import { useMessages } from '@/shared/i18n';
import { downloadFile, RequestError } from '@/shared/request';
import { formatBytes, formatTime } from './format';
import { LogListPage } from './LogListPage';
import { logMessages } from './messages';

type StoredFile = Schema<'StoredFileLogView'>;

/** /log/files: the uploaded files, where they are stored, and a download of each. */
export function FilesLogPage() {
  const t = useMessages(logMessages);
  const common = useMessages(listMessages);
  const [downloading, setDownloading] = useState<number | null>(null);
  const { message } = App.useApp();

  async function download(file: StoredFile) {
    setDownloading(file.id);
    try {
      await downloadFile(`/log/files/download/${file.id}`, undefined, file.fileName, { method: 'GET' });
    } catch (error) {
      if (error instanceof RequestError && !error.handled) message.error(error.message);
    } finally {
      setDownloading(null);
    }
  }

  return (
    <LogListPage<StoredFile>
      screen="files"
      userLabel={t('uploader')}
      columns={[
        { key: 'fileName', title: t('fileName'), dataIndex: 'fileName' },
        { key: 'size', title: t('size'), dataIndex: 'size', align: 'right', render: formatBytes },
        { key: 'mimeType', title: t('mimeType'), dataIndex: 'mimeType' },
        { key: 'filePath', title: t('path'), dataIndex: 'filePath' },
        { key: 'uploaderName', title: t('uploader'), dataIndex: 'uploaderName' },
        { key: 'createdAt', title: t('uploadedAt'), dataIndex: 'createdAt', render: formatTime },
        {
          key: 'actions',
          title: common('actions'),
          render: (_, file) => (
            <Button type="link" size="small" loading={downloading === file.id} onClick={() => void download(file)}>
              {t('download')}
            </Button>
          ),
        },
      ]}
    />
  );
}
