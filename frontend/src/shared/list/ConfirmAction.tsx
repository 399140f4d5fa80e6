import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useMessages } from '@/shared/i18n';
import { listMessages } from './messages';
import { awaitedByAntd } from '@/shared/awaited-by-antd';

interface Props {
  /** the question of the confirmation */
  title: ReactNode;
  /** runs once confirmed; a failure is already shown by the request layer, so it is swallowed here */
  onConfirm: () => Promise<unknown>;
  /** the link's text; default 删除 / Delete */
  children?: ReactNode;
  danger?: boolean;
  icon?: ReactNode;
  testId?: string;
}

/** A row action asked for confirmation first (antd Popconfirm with the list's 确定/取消): delete, unbind, close… */
export function ConfirmAction({ title, onConfirm, children, danger = true, icon, testId }: Props) {
  const common = useMessages(listMessages);
  return (
    <Popconfirm title={title} okText={common('confirm')} cancelText={common('cancel')} onConfirm={awaitedByAntd(() => onConfirm().catch(() => undefined))}>
      <Button type="link" size="small" danger={danger} icon={icon} data-testid={testId}>
        {children ?? common('delete')}
      </Button>
    </Popconfirm>
  );
}
