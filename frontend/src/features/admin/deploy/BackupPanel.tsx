import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatBytes, formatTime } from '@/features/logs';
import { api, type Schema } from '@/shared/api';
import { useMessages } from '@/shared/i18n';
import { deployMessages } from './messages';

type BackupRun = Schema<'BackupRunView'>;

const RUN_COLORS: Record<string, string> = { ok: 'success', failed: 'error', running: 'processing' };
const RUN_STATUSES = ['ok', 'failed', 'running'] as const;
const isRunStatus = (status: string): status is (typeof RUN_STATUSES)[number] => (RUN_STATUSES as readonly string[]).includes(status);

/**
 * The backup tab's read-only part: whether backups are encrypted, the last scheduled backup and the
 * archives in BACKUP_DIR (each marked encrypted or not), a page at a time.
 */
export function BackupPanel() {
  const t = useMessages(deployMessages);
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 });
  const overview = useQuery({
    queryKey: ['/deploy/backups', page],
    queryFn: () => api.post('/deploy/backups', { body: page }),
    placeholderData: keepPreviousData,
  });
  const archives = overview.data?.archives;
  return (
    <Card size="small" title={t('backupsTitle')} data-testid="backup-panel">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('backupHint')}</Typography.Text>
        {overview.data && (
          <Alert
            type={overview.data.encrypted ? 'success' : 'warning'}
            showIcon
            title={overview.data.encrypted ? t('encryptedOn') : t('encryptedOff')}
            data-testid="backup-encryption"
          />
        )}
        <LastRun run={overview.data?.lastRun ?? null} loaded={!!overview.data} />
        <Typography.Text strong>{t('archives')}</Typography.Text>
        <Table
          size="small"
          rowKey="name"
          loading={overview.isFetching}
          dataSource={archives?.items ?? []}
          columns={[
            { key: 'name', title: t('archiveName'), dataIndex: 'name' },
            { key: 'takenAt', title: t('archiveTakenAt'), render: (_, archive) => formatTime(archive.takenAt) },
            { key: 'bytes', title: t('archiveSize'), align: 'right', render: (_, archive) => formatBytes(archive.bytes) },
            { key: 'encrypted', title: t('archiveEncrypted'), render: (_, archive) => (archive.encrypted ? t('yes') : t('no')) },
          ]}
          pagination={{
            current: page.pageIndex,
            pageSize: page.pageSize,
            total: archives?.totalCount ?? 0,
            onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
          }}
        />
      </Flex>
    </Card>
  );
}

function LastRun({ run, loaded }: { run: BackupRun | null; loaded: boolean }) {
  const t = useMessages(deployMessages);
  if (!run) return loaded ? <Typography.Text data-testid="backup-last-run">{t('noRun')}</Typography.Text> : null;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 2 }}
      title={t('lastRun')}
      data-testid="backup-last-run"
      items={[
        {
          key: 'status',
          label: t('runStatus'),
          children: <Tag color={RUN_COLORS[run.status]}>{isRunStatus(run.status) ? t(`run_${run.status}`) : run.status}</Tag>,
        },
        { key: 'startedAt', label: t('runStarted'), children: formatTime(run.startedAt) },
        { key: 'file', label: t('runFile'), children: run.file ?? '' },
        { key: 'bytes', label: t('runSize'), children: run.bytes == null ? '' : formatBytes(run.bytes) },
        { key: 'duration', label: t('runDuration'), children: run.durationMs == null ? '' : t('seconds', { value: (run.durationMs / 1000).toFixed(1) }) },
        // a failure's reason; a success's message repeats the file and size above
        ...(run.status === 'failed' ? [{ key: 'message', label: t('runFailure'), span: 'filled' as const, children: run.message ?? '' }] : []),
      ]}
    />
  );
}
