import type { RecordStatus } from '@forwarder/domain';
import { Tag } from 'antd';
import { useMessages } from '@/shared/i18n';
import { financeMessages } from './messages';

const COLOUR: Record<RecordStatus, string> = { registered: 'default', pending: 'processing', refused: 'error', locked: 'success', unlocked: 'warning' };

export function StatusTag({ status }: { status: RecordStatus }) {
  const t = useMessages(financeMessages);
  return <Tag color={COLOUR[status]}>{t(`status_${status}`)}</Tag>;
}
