import { defineMessages } from '../../common/messages.js';

/** Messages of the orders' own rules (Chinese, English); registered in the catalogue of common/messages.ts when this file loads; area-messages.ts names its keys to the compiler. */
export const ordersMessages = defineMessages({
  /** the general update refuses a time only its move stamps (MOVE_STAMPS) */
  orderStampedByMove: ['{field}由“{move}”操作记录，不能在编辑订单时修改', 'The {field} is stamped by the move "{move}" and cannot be edited on the order'],
});
