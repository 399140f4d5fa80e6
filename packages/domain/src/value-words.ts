import type { AgeBucket, RecordKind, RecordStatus } from './finance-rules.js';
import type { DataChangeOperation } from './data-changes.js';
import type { Texts } from './messages.js';

/**
 * The words of coded values as the screens show them, in Chinese and English: the web client's columns and
 * the server's 导出当前列表 read them here, so an exported cell says what the screen says.
 */

export const RECORD_STATUS_WORDS = {
  registered: ['已登记', 'Registered'],
  pending: ['待审核', 'Pending audit'],
  refused: ['已驳回', 'Refused'],
  locked: ['已锁定', 'Locked'],
  unlocked: ['已解锁', 'Unlocked'],
} as const satisfies Record<RecordStatus, Texts>;

export const AGE_BUCKET_WORDS = {
  d0_30: ['0–30 天', '0–30 days'],
  d31_60: ['31–60 天', '31–60 days'],
  d61_90: ['61–90 天', '61–90 days'],
  d90plus: ['90 天以上', 'Over 90 days'],
} as const satisfies Record<AgeBucket, Texts>;

/** The dictionary of a record kind's types (their words are the dictionary's values' names). */
export const RECORD_TYPE_DICTIONARY = { outgoing: 'expenseType', entry: 'entryType' } as const satisfies Record<RecordKind, string>;

/** The dictionary of the ways money is paid. */
export const PAYMENT_METHOD_DICTIONARY = 'paymentMethod';

/** What a commission rule takes its rate of. */
export const COMMISSION_BASIS_WORDS = { revenue: ['应收', 'Revenue'], profit: ['利润', 'Profit'] } as const satisfies Record<string, Texts>;

export const YES_NO_WORDS = { yes: ['是', 'Yes'], no: ['否', 'No'] } as const satisfies Record<string, Texts>;

/** A word table in one language under prefixed keys (`status_locked`), the shape of the web client's message bundles. */
export function wordsIn<P extends string, K extends string>(prefix: P, table: Readonly<Record<K, Texts>>, language: 0 | 1): Record<`${P}${K}`, string> {
  return Object.fromEntries(Object.entries<Texts>(table).map(([key, words]) => [`${prefix}${key}`, words[language]])) as Record<`${P}${K}`, string>;
}

export const NOTICE_STATUS_WORDS = {
  draft: ['草稿', 'Draft'],
  published: ['已发布', 'Published'],
  withdrawn: ['已撤回', 'Withdrawn'],
} as const satisfies Record<string, Texts>;

export const NOTICE_AUDIENCE_WORDS = {
  all: ['全部员工', 'All staff'],
  roles: ['指定角色', 'Roles'],
  users: ['指定员工', 'Staff'],
} as const satisfies Record<string, Texts>;

/** When a serial number's counter starts again. */
export const SERIAL_RESET_WORDS = {
  daily: ['每日', 'Daily'],
  monthly: ['每月', 'Monthly'],
  yearly: ['每年', 'Yearly'],
  never: ['不重置', 'Never'],
} as const satisfies Record<string, Texts>;

/** A price row is a quotation (what customers pay) or a cost (what the line pays). */
export const PRICE_KIND_WORDS = { quotation: ['报价', 'Quotation'], cost: ['成本', 'Cost'] } as const satisfies Record<string, Texts>;

export const ONLINE_WORDS = { yes: ['在线', 'Online'], no: ['离线', 'Offline'] } as const satisfies Record<string, Texts>;

export const ENABLED_WORDS = { on: ['启用', 'Enabled'], off: ['停用', 'Disabled'] } as const satisfies Record<string, Texts>;

/** A task's due time as the inbox shows it: none set, or past it while open. */
export const TASK_DUE_WORDS = { none: ['无截止时间', 'No due time'], overdue: ['已逾期', 'Overdue'] } as const satisfies Record<string, Texts>;

/** Who may call an API route (the 接口权限 list); `none`: a handler without a rule, refused to everyone. */
export const ACCESS_WORDS = {
  public: ['公开', 'Public'],
  signedIn: ['登录即可', 'Signed in'],
  permission: ['需权限', 'Permission'],
  customer: ['客户门户', 'Customer portal'],
  none: ['未声明', 'Undeclared'],
} as const satisfies Record<string, Texts>;

/**
 * The tables of the operation log (/log/sql) in business words, by the name the log stores (the Prisma
 * model). A table not listed shows its stored name.
 */
export const DATA_CHANGE_TABLE_WORDS: Readonly<Record<string, Texts>> = {
  Org: ['组织机构', 'Organisation'],
  User: ['员工', 'Staff'],
  Role: ['角色', 'Role'],
  UserRole: ['员工角色', 'Staff role'],
  Menu: ['菜单', 'Menu'],
  RoleMenu: ['角色菜单', 'Role menu'],
  Permission: ['权限', 'Permission'],
  RolePermission: ['角色权限', 'Role permission'],
  DictType: ['字典类型', 'Dictionary type'],
  DictItem: ['字典项', 'Dictionary item'],
  ShipType: ['运输线路', 'Shipping line'],
  AuthSession: ['登录会话', 'Sign-in session'],
  LoginFailure: ['登录失败记录', 'Failed sign-in'],
  ServerKey: ['服务器密钥', 'Server key'],
  JobRun: ['定时任务运行', 'Scheduled job run'],
  UserPreference: ['个人偏好', 'User preference'],
  IdempotencyKey: ['幂等键', 'Idempotency key'],
  SystemSetting: ['系统参数', 'System parameter'],
  RequestLog: ['请求日志', 'Request log'],
  ErrorLog: ['异常日志', 'Error log'],
  DataChangeLog: ['操作日志', 'Operation log'],
  StoredFile: ['文件', 'File'],
  Notice: ['通知公告', 'Notice'],
  NoticeRead: ['公告阅读', 'Notice read'],
  SerialSequence: ['编号规则', 'Serial number'],
  GoodsReceipt: ['收货记录', 'Goods receipt'],
  Customer: ['客户', 'Customer'],
  CustomerLog: ['客户记录', 'Customer history'],
  CustomerWechat: ['客户微信', 'Customer WeChat'],
  CustomerBindCode: ['客户绑定码', 'Customer bind code'],
  PortalAccount: ['客户门户账号', 'Customer portal account'],
  PortalSession: ['客户门户会话', 'Customer portal session'],
  MailOutbox: ['邮件发件箱', 'Mail outbox'],
  Port: ['港口', 'Port'],
  Price: ['价格', 'Price'],
  PriceBreak: ['价格区间', 'Price break'],
  Question: ['问题', 'Question'],
  QuestionAnswer: ['问题回答', 'Answer'],
  Order: ['订单', 'Order'],
  OrderCount: ['订单统计', 'Order count'],
  OrderTrack: ['物流轨迹', 'Tracking event'],
  OrderTrackingLink: ['跟踪链接', 'Tracking link'],
  OrderWorkRecord: ['工作记录', 'Work record'],
  OrderIssue: ['问题报备', 'Order issue'],
  OrderIssueReply: ['问题回复', 'Issue reply'],
  OrderIssueChange: ['问题变更', 'Issue change'],
  // the issue board's models before their rename (rows logged earlier keep these names)
  OrderBbs: ['问题报备', 'Order issue'],
  OrderBbsReply: ['问题回复', 'Issue reply'],
  OrderBbsChange: ['问题变更', 'Issue change'],
  OrderDocument: ['订单单证', 'Order document'],
  LabelTemplate: ['标签模板', 'Label template'],
  OrderCargoReceipt: ['入仓记录', 'Warehouse receipt'],
  OrderPackingBox: ['装箱明细', 'Packing box'],
  OrderWorkTask: ['订单任务', 'Order task'],
  FinanceRecord: ['财务记录', 'Finance record'],
  FinanceRecordLog: ['财务记录日志', 'Finance record history'],
  OrderCharge: ['订单费用', 'Order charge'],
  OrderChargeLog: ['费用日志', 'Charge history'],
  OrderFinance: ['订单财务', 'Order finance'],
  ArrearsDay: ['欠款日汇总', 'Arrears by day'],
  ArrearsCustomer: ['客户欠款', 'Arrears by customer'],
  FinanceDay: ['财务日汇总', 'Finance by day'],
  CommissionRule: ['佣金规则', 'Commission rule'],
  OrderCommission: ['订单佣金', 'Order commission'],
};

/** The writes the operation log records. */
export const DATA_CHANGE_OPERATION_WORDS = {
  create: ['新增', 'Create'],
  update: ['修改', 'Update'],
  upsert: ['新增或修改', 'Create or update'],
  delete: ['删除', 'Delete'],
  createMany: ['批量新增', 'Bulk create'],
  updateMany: ['批量修改', 'Bulk update'],
  deleteMany: ['批量删除', 'Bulk delete'],
} as const satisfies Record<DataChangeOperation, Texts>;

/** Where a goods receipt came from: the cargo registration, or the move of the order into the warehouse. */
export const GOODS_RECEIPT_KIND_WORDS = { register: ['货物登记', 'Cargo registration'], stage: ['升级入仓', 'Moved to warehouse'] } as const satisfies Record<
  string,
  Texts
>;

/** A customer's review state. */
export const CUSTOMER_REVIEW_WORDS = {
  pending: ['待审核', 'Awaiting review'],
  approved: ['已审核', 'Approved'],
  rejected: ['已驳回', 'Rejected'],
} as const satisfies Record<string, Texts>;

/** The entries of an order's work log: its stage moves, holds and cargo operations. */
export const WORK_ACTION_WORDS = {
  create: ['登记订单', 'Registered'],
  upgrade: ['升级', 'Moved on'],
  demotion: ['退回', 'Moved back'],
  abnormal: ['标记异常', 'Marked abnormal'],
  detain: ['扣货', 'Detained'],
  delete: ['作废', 'Voided'],
  abnormalRevoke: ['撤销异常', 'Abnormal revoked'],
  detainRevoke: ['撤销扣货', 'Released'],
  deleteRevoke: ['恢复作废', 'Restored'],
  register: ['货物登记', 'Cargo registered'],
  cargoComplete: ['货物齐全', 'Cargo complete'],
  package: ['装箱单', 'Packing list'],
  seal: ['封条', 'Sealed'],
  deputy: ['代理信息', 'Agent'],
  warehouseUpdate: ['修正入仓数据', 'Warehouse data corrected'],
  sailUpdate: ['开船信息', 'Sailing data'],
  import: ['导入船务信息', 'Shipping data imported'],
} as const satisfies Record<string, Texts>;
