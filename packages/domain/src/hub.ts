import type { MyTaskCounts } from './order-tasks.js';

/**
 * The real-time hub's names and what travels with them: the methods the web client invokes on the
 * server and the events the server pushes (SignalR targets, spelt as the original product spells them).
 */
export const HUB_METHODS = {
  /** after signing out: the server closes that session's connections */
  removeUsers: 'SendRemoveUsers',
  /** after unbinding the WeChat mini-program: the server closes the user's mini-program connections */
  wechatUserExit: 'SendWechatUserExit',
  /** after an issue or reply changed: the server recounts and pushes the badges of those it touched */
  orderIssues: 'SendOrderBbs',
} as const;
export type HubMethodName = (typeof HUB_METHODS)[keyof typeof HUB_METHODS];

export const HUB_EVENTS = {
  /** the session was ended by someone else (kicked out, password reset, disabled) */
  kickOut: 'KickOutMessage',
  /** the user was deleted: the page closes */
  browserOut: 'BrowserOutMessage',
  /** the user's menu tree changed */
  menuRouter: 'ReceiveMenuRouter',
  /** a notice was published to the user */
  message: 'ReceiveMessage',
  /** the user's count of open order issues changed */
  orderIssues: 'ReceiveOrderBbs',
  /** a task given to the user was added, changed, finished, reopened or deleted: their open and overdue counts */
  orderTasks: 'ReceiveOrderTasks',
  /** to a customer's portal connections: one of the customer's orders moved stage (docs/portal.md) */
  orderStage: 'ReceiveOrderStage',
} as const;
export type HubEventName = (typeof HUB_EVENTS)[keyof typeof HUB_EVENTS];

/**
 * Why the server closed a customer's hub connection (the Close message's error, in the staff member's
 * language): the server's catalogue words them from here and the portal tells them apart by them. Apart
 * from SHARED_MESSAGES, which the staff client loads whole.
 */
export const HUB_CLOSE_REASONS = {
  customerForcedOffline: ['您已被强制下线', 'You were signed out by the staff'],
  wechatUnbound: ['微信小程序解绑成功', 'Mini-program unbound'],
} as const;

/** KickOutMessage and BrowserOutMessage: whose session ended, and why (kick-outs). */
export interface SessionEndPush {
  userId: number;
  userName: string;
  reason?: string;
}

/** ReceiveMessage for a published notice. */
export interface NoticePush {
  type: 'notice';
  id: number;
  title: string;
}

/** The arguments of each pushed event (the menu tree is the routes answer of the menu area). */
export interface HubEventArgs {
  KickOutMessage: [SessionEndPush];
  BrowserOutMessage: [SessionEndPush];
  ReceiveMenuRouter: [tree: unknown[]];
  ReceiveMessage: [NoticePush];
  ReceiveOrderBbs: [count: number];
  ReceiveOrderTasks: [counts: MyTaskCounts];
  ReceiveOrderStage: [OrderStagePush];
}

/** ReceiveOrderStage: an order of the customer moved (its stage in the line's words, in the account's language). */
export interface OrderStagePush {
  line: string;
  id: number;
  orderNo: string;
  stage: string;
  stageName: string;
}

/** The arguments of each method and what it answers. */
export interface HubMethodCalls {
  SendRemoveUsers: { args: [userId: number | string]; result: boolean };
  SendWechatUserExit: { args: [userId: number | string]; result: number };
  SendOrderBbs: { args: [orderId?: number | string]; result: number };
}
