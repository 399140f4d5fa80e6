import type { Language } from '@/shared/i18n';

/**
 * The tables of the operation log (/log/sql) in business words, Chinese and English, by the name the
 * log stores (the Prisma model). A table not listed shows its stored name.
 */
export const TABLE_NAMES: Readonly<Record<string, readonly [zh: string, en: string]>> = {
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

/** A table as the log screen names it: its business words in `language`, else the stored name. */
export function tableLabel(tableName: string, language: Language): string {
  const words = TABLE_NAMES[tableName];
  return words ? words[language === 'en' ? 1 : 0] : tableName;
}
