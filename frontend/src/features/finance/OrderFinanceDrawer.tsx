import { Drawer } from 'antd';
import { useMessages } from '@/shared/i18n';
import { useOrderFinance } from './api';
import { financeMessages } from './messages';
import { OrderFinancePanel } from './OrderFinancePanel';

/** The finance screens' drawer of one order (arrears, inquiry, commissions): its OrderFinancePanel. */
export function OrderFinanceDrawer({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const t = useMessages(financeMessages);
  const detail = useOrderFinance(orderId);
  return (
    <Drawer
      open={orderId !== null}
      size={1100}
      title={detail.data ? t('orderFinanceTitle', { no: detail.data.order.orderNo }) : ''}
      onClose={onClose}
      destroyOnHidden
    >
      {orderId !== null ? <OrderFinancePanel orderId={orderId} /> : null}
    </Drawer>
  );
}
