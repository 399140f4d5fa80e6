import { defineMessages } from '../../common/messages.js';

/** The public tracking page's words (Chinese, English); registered in the catalogue of common/messages.ts when this file loads; area-messages.ts names its keys to the compiler. */
export const publicTrackingMessages = defineMessages({
  trackingTitle: ['货物跟踪', 'Shipment tracking'],
  trackingOrder: ['订单号', 'Order'],
  trackingLine: ['运输线路', 'Shipping line'],
  trackingRoute: ['起运港 → 目的港', 'From → To'],
  trackingStatus: ['当前状态', 'Status'],
  trackingOnHold: ['暂停处理', 'On hold'],
  trackingVoided: ['此订单已作废', 'This order has been voided'],
  trackingEtd: ['预计开船', 'Estimated departure'],
  trackingEta: ['预计到港', 'Estimated arrival'],
  trackingArrived: ['到港', 'Arrived'],
  trackingDelivered: ['已派送', 'Delivered'],
  trackingTimeline: ['跟踪记录', 'Timeline'],
  /** under the timeline's title: the times are the business's (BUSINESS_TIME_ZONE), whoever reads them */
  trackingTimeZone: ['最新在前，时间为北京时间（UTC+8）', 'Newest first; times in China Standard Time (UTC+8)'],
  trackingNoEvents: ['暂无记录', 'No events yet'],
  /** a demotion as the consignee sees it: without the reason staff gave */
  trackingDemotion: ['退回到“{stage}”', 'Moved back to "{stage}"'],
  trackingVoidedEvent: ['订单已作废', 'Order voided'],
  trackingResumed: ['恢复处理', 'Resumed'],
  trackingNotFound: ['未找到该跟踪链接', 'Tracking link not found'],
  trackingNotFoundHint: ['链接可能有误，或已被撤销。请联系发货人获取新的链接。', 'The link may be mistyped or revoked. Ask the shipper for a new one.'],
  trackingTooMany: ['访问过于频繁', 'Too many requests'],
  trackingTooManyHint: ['请稍后再试。', 'Please try again in a minute.'],
  trackingOtherLanguage: ['English', '中文'],
});
