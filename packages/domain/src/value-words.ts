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
