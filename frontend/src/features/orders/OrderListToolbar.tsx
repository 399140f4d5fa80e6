import type { PermissionCode, ShipType, OrderStage } from '@forwarder/domain';
import { App, Button, Typography } from 'antd';
import { useMessages } from '@/shared/i18n';
import { hasPermission, useAccess } from '@/shared/permission';
import { useStageNames } from '@/shared/orders/stageNames';
import type { OrderFilters, OrderRow } from './api';
import { OrderExcelExportButton } from './detail/OrderExcelExportButton';
import { ScInformationImportButton } from './detail/ScInformationImportButton';
import { orderMessages } from './messages';
import type { OrderDialogOpeners } from './OrderListDialogs';
import type { OrderView } from './orderScreens';
import { batchActions, isStageView, nextStage, upgradeTarget, type BatchAction } from './orderViews';
import { isSealable, sealOffered } from './SealDialog';

/** What an order list screen lets the user do with ticked rows: its batch moves, the seal, the export. */
export function useOrderBatches(shipType: ShipType, view: OrderView) {
  const access = useAccess();
  const may = (permission: PermissionCode) => hasPermission([permission], access);
  const batch = batchActions(view, may);
  const offersSeal = sealOffered(shipType, view, may);
  // ticked orders are what the waybill or bill export takes
  const mayExport = may('order:export');
  return { batch, offersSeal, selectable: batch.length > 0 || offersSeal || mayExport };
}

/**
 * Above an order list: the seal and the screen's batch moves over the ticked orders (each checked before
 * its dialog opens: a move needs orders that can all make it, the seal sea orders that take one), how many
 * are ticked, the waybill or bill export, and the shipping-information import.
 */
export function OrderListToolbar({
  shipType,
  view,
  selected,
  filters,
  dialogs,
  onImported,
}: {
  shipType: ShipType;
  view: OrderView;
  selected: OrderRow[];
  filters: OrderFilters;
  dialogs: Pick<OrderDialogOpeners, 'askReason' | 'startUpgrade' | 'startSeal'>;
  onImported: () => void;
}) {
  const t = useMessages(orderMessages);
  const stageNameOf = useStageNames();
  const { message } = App.useApp();
  const access = useAccess();
  const may = (permission: PermissionCode) => hasPermission([permission], access);
  const { batch, offersSeal, selectable } = useOrderBatches(shipType, view);
  const air = shipType === 'airtransport';

  const startSeal = () => {
    if (!selected.length) message.warning(t('selectFirst'));
    else if (!selected.every(isSealable)) message.warning(t('sealNotApplicable'));
    else dialogs.startSeal(selected);
  };
  const startBatch = (action: BatchAction) => {
    if (!selected.length) {
      message.warning(t('selectFirst'));
      return;
    }
    if (action !== 'upgrade') {
      dialogs.askReason({ action, orders: selected });
      return;
    }
    const target = upgradeTarget(selected, may);
    if ('stage' in target) {
      dialogs.startUpgrade({ stage: target.stage, orders: selected });
      return;
    }
    const next = nextStage(selected[0].stage as OrderStage);
    const refusal = {
      none: t('selectFirst'),
      mixed: t('upgradeMixed'),
      held: t('upgradeHeld'),
      last: t('upgradeLast'),
      forbidden: t('upgradeForbidden', { stage: next ? stageNameOf(shipType, `move_${next}`) : '' }),
    }[target.refused];
    message.warning(refusal);
  };
  const viewNext = isStageView(view) ? nextStage(view) : null;
  const batchLabel: Record<BatchAction, string> = {
    upgrade: viewNext ? t('batchUpgrade', { stage: stageNameOf(shipType, `move_${viewNext}`) }) : t('batchUpgradeAll'),
    demote: t('batchDemote'),
    abnormal: t('batchAbnormal'),
    detain: t('batchDetain'),
    void: t('batchVoid'),
    revoke: t('batchRevoke'),
  };

  return (
    <>
      {selectable ? (
        <>
          {offersSeal ? (
            <Button disabled={!selected.length} onClick={startSeal} data-testid="order-batch-seal">
              {t('sealAction')}
            </Button>
          ) : null}
          {batch.map((action) => (
            <Button
              key={action}
              type={action === 'upgrade' ? 'primary' : 'default'}
              danger={action === 'void'}
              disabled={!selected.length}
              onClick={() => startBatch(action)}
              data-testid={`order-batch-${action}`}
            >
              {batchLabel[action]}
            </Button>
          ))}
          {selected.length ? <Typography.Text type="secondary">{t('selected', { count: selected.length })}</Typography.Text> : null}
        </>
      ) : null}
      {/* the screen's orders with their waybill (air) or bill of lading (sea), and the shipping-information import */}
      <OrderExcelExportButton kind={air ? 'waybill' : 'bill'} filters={{ ...filters, shipType, view }} ids={selected.map((row) => row.id)} />
      <ScInformationImportButton shipType={shipType} onImported={onImported} />
    </>
  );
}
