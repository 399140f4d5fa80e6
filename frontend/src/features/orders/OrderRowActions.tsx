import type { SideState } from '@forwarder/domain';
import { App, Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { awaitedByAntd } from '@/shared/awaited-by-antd';
import { useMessages } from '@/shared/i18n';
import { useSave } from '@/shared/list';
import { revokeOrder, type OrderRow } from './api';
import { orderMessages } from './messages';
import type { OrderDialogOpeners } from './OrderListDialogs';
import type { RowAction } from './orderViews';

/**
 * The button of each row action of an order list: the detail (where editing lives too) and the issue
 * board open their dialog, a demotion, hold or void asks its reason, and revoking a hold asks first, then
 * reloads (`onReload`; a stale row reloads with a warning).
 */
export function useOrderActionButton(
  { openDetail, openIssues, askReason }: Pick<OrderDialogOpeners, 'openDetail' | 'openIssues' | 'askReason'>,
  onReload: () => void,
): (row: OrderRow, action: RowAction) => ReactNode {
  const t = useMessages(orderMessages);
  const { message } = App.useApp();
  const revoke = useSave({
    save: ({ state, row }: { state: SideState; row: OrderRow }) => revokeOrder(state, { id: row.id, ver: row.ver }),
    onSaved: onReload,
    onStale: () => {
      message.warning(t('staleReloaded'));
      onReload();
    },
  });

  return (row, action) => {
    const link = (label: string, onClick?: () => void, danger = false) => (
      <Button key={action} type="link" size="small" danger={danger} onClick={onClick} data-testid={`order-${action}-${row.orderNo}`}>
        {label}
      </Button>
    );
    if (action === 'revoke') {
      const state = row.sideState as SideState;
      const name = t(`side_${state}`);
      return (
        <Popconfirm
          key={action}
          title={t('revokeConfirm', { no: row.orderNo, state: name })}
          onConfirm={awaitedByAntd(() => revoke.mutateAsync({ state, row }).catch(() => undefined))}
        >
          {link(t('actionRevoke', { state: name }))}
        </Popconfirm>
      );
    }
    const label = {
      detail: t('actionDetail'),
      edit: t('actionEdit'),
      demote: t('actionDemote'),
      abnormal: t('actionAbnormal'),
      detain: t('actionDetain'),
      void: t('actionVoid'),
      issues: t('actionIssues'),
    }[action];
    // editing lives in the detail drawer (its basic tab), next to what the order shows
    if (action === 'detail' || action === 'edit') return link(label, () => openDetail(row.id));
    if (action === 'issues') return link(label, () => openIssues(row));
    return link(label, () => askReason({ action, orders: [row] }), action === 'void');
  };
}
