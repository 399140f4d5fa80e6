import { App } from 'antd';
import { useMessages } from '@/shared/i18n';
import { useSave } from '@/shared/list';
import { orderDetailMessages } from './messages';

/**
 * A write of the order's drawer: `useSave`, and when the order changed underneath (a stale ver, 409, or it
 * is gone, 404) it says the order was reloaded before `onStale` reloads it.
 */
export function useOrderSave<V, R>({ onStale, ...options }: Parameters<typeof useSave<V, R>>[0] & { onStale: () => void }) {
  const t = useMessages(orderDetailMessages);
  const { message } = App.useApp();
  return useSave({
    ...options,
    onStale: () => {
      message.info(t('reloaded'));
      onStale();
    },
  });
}
