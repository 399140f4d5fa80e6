import { defineMessages } from '../common/messages.js';

/** The milestone e-mails' words and the outbox screen's answers (Chinese, English); registered when this file loads; area-messages.ts names its keys to the compiler. */
export const notificationsMessages = defineMessages({
  mailSubject: ['【{site}】订单 {orderNo}：{stage}', '[{site}] Order {orderNo}: {stage}'],
  mailGreeting: ['{name}，您好：', 'Dear {name},'],
  mailIntro: ['您的订单有了新的进展：', 'Your shipment has reached a new milestone:'],
  mailOrderNo: ['订单号：{orderNo}', 'Order: {orderNo}'],
  mailLine: ['运输线路：{line}', 'Shipping line: {line}'],
  mailStage: ['当前节点：{stage}', 'Status: {stage}'],
  /** the business's clock (BUSINESS_TIME_ZONE), whoever reads it */
  mailTime: ['时间：{time}（北京时间）', 'Time: {time} (China Standard Time, UTC+8)'],
  mailTracking: ['货物跟踪：{link}', 'Track the shipment: {link}'],
  mailNoTracking: ['如需查询货物状态，请联系您的业务员。', 'For the status of the shipment, ask your sales representative.'],
  mailFooter: [
    '此邮件由系统自动发送，请勿直接回复。如不希望再收到此类邮件，请告知您的业务员。',
    'This e-mail was sent automatically; please do not reply to it. To stop these e-mails, tell your sales representative.',
  ],
  /** the outbox screen's view of the body: the link is minted only when the mail is sent */
  mailLinkWhenSent: ['（跟踪链接在发送时生成）', '(the tracking link is made when the mail is sent)'],
  mailNoSmtp: ['未发送：未配置 SMTP（SMTP_URL）', 'Not sent: no SMTP configured (SMTP_URL)'],
  mailNotFound: ['邮件不存在', 'No such mail'],
  mailNotRetryable: ['只有发送失败或未发送的邮件可以重新发送', 'Only a failed or unsent mail can be sent again'],
  mailStatusInvalid: ['状态无效', 'Unknown status'],
});
