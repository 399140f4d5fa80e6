import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useMessages } from '@/shared/i18n';
import { downloadFile, RequestError } from '@/shared/request';
import { listMessages } from './messages';

const kilobytes = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(2)} MB`);

/**
 * 导出当前列表: POSTs the list's filters with the columns the user sees to the list's export route and saves
 * the xlsx it streams, with the bytes received (and the rows the server announced) in a message as it comes.
 */
export function ListExportButton({
  path,
  filters,
  columns,
  fileName,
}: {
  path: string;
  filters: object;
  columns: { key: string; title: string }[];
  fileName: string;
}) {
  const t = useMessages(listMessages);
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const key = `list-export-${path}`;
    let rows: string | null = null;
    setBusy(true);
    message.open({ key, type: 'loading', content: t('exporting'), duration: 0 });
    try {
      await downloadFile(path, { ...filters, columns }, fileName, {
        onStart: (headers) => {
          rows = headers.get('x-export-rows');
        },
        onProgress: ({ received }) => {
          message.open({ key, type: 'loading', content: t('exportProgress', { size: kilobytes(received), rows: rows ?? '?' }), duration: 0 });
        },
      });
      message.open({ key, type: 'success', content: t('exported', { rows: rows ?? '' }) });
    } catch (error) {
      message.open({ key, type: 'error', content: error instanceof RequestError ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={!columns.length} onClick={() => void run()} data-testid="list-export">
      {t('exportList')}
    </Button>
  );
}
