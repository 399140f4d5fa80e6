import { defineMessages } from '@/shared/i18n';

/** The label printing's title, on the top bar's button as well: kept apart so the top bar does not bring the order detail's strings. */
export const labelMessages = defineMessages({ labelTitle: '订单标签打印' }, { labelTitle: 'Order label printing' });
