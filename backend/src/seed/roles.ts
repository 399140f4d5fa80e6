import { AIR_STAGE_WORDS, DEMO_PASSWORDS, ORDER_STAGES, type PermissionCode, PERMISSIONS, STAGE_WORDING_CLASSIFY, stageWordingDict } from '@forwarder/domain';

/** The demo roles: which top-level menus (with all their children) and which permission codes each holds. */
export interface RoleSeed {
  code: string;
  name: string;
  nameEn: string;
  menus: string[] | 'all';
  permissions: PermissionCode[] | 'all';
}

const upgrades = ORDER_STAGES.filter((s) => s !== 'brokerage').map((s) => `order:upgrade:${s}` as PermissionCode);
const everyone: PermissionCode[] = [
  'file:upload',
  'topbar:search',
  'topbar:notice',
  'index:notice',
  'question:add',
  'question:list',
  'question:reply',
  'question:detail',
  'order:bbs',
];
const lines = ['Smallbag', 'Dedicatedline', 'Airtransport'];
/** The finance screens of staff who register their own records: the form, their refused ones, all of theirs. */
const financeOwnScreens = (kind: 'FinanceOutgoing' | 'FinanceEntry') => [`${kind}Register`, `${kind}Refuse`, `${kind}Detailed`];

/** A salesman's screens and codes; the sales manager has them too. */
const salesMenus = [
  'Index',
  'MyTasks',
  'Customers',
  ...lines,
  'Price',
  'Question',
  'LogSql',
  ...financeOwnScreens('FinanceOutgoing'),
  ...financeOwnScreens('FinanceEntry'),
];
const salesPermissions: PermissionCode[] = [
  ...everyone,
  'topbar:label',
  'topbar:bindcode',
  'index:stageCount',
  'customers:list',
  'customers:detail',
  'customers:add',
  'customers:modify',
  'customers:protect',
  'customers:catch',
  'customers:release',
  'customers:bindcode',
  'customers:wechat',
  'order:list',
  'order:detail',
  'order:add',
  'order:modify',
  'order:track',
  'order:label',
  'order:price',
  'price:list',
  'log:sql',
  'finance:entry',
  'finance:outgoing',
];

export const ROLE_SEEDS: RoleSeed[] = [
  { code: 'admin', name: '管理员', nameEn: 'Administrator', menus: 'all', permissions: 'all' },
  { code: 'salesman', name: '销售', nameEn: 'Salesman', menus: salesMenus, permissions: salesPermissions },
  {
    // reviews the customers of every salesman (customers:all is the customer scope), releases any to the pool
    code: 'salesManager',
    name: '销售经理',
    nameEn: 'Sales manager',
    menus: salesMenus,
    permissions: [...salesPermissions, 'customers:all', 'customers:check', 'customers:delete'],
  },
  {
    code: 'operator',
    name: '操作',
    nameEn: 'Operator',
    menus: ['Index', 'MyTasks', ...lines, 'Port', 'Question', ...financeOwnScreens('FinanceOutgoing')],
    permissions: [
      ...everyone,
      'topbar:label',
      'index:stageCount',
      // operators register orders for every salesman's customers
      'customers:list',
      'customers:detail',
      'customers:all',
      'order:list',
      'order:detail',
      'order:add',
      'order:modify',
      'order:register',
      'order:cargoComplete',
      'order:package',
      'order:seal',
      'order:deputy',
      'order:waybill',
      'order:bill',
      'order:track',
      'order:label',
      'order:export',
      ...upgrades,
      'order:demotion',
      'order:abnormal',
      'order:abnormalRevoke',
      'order:detain',
      'order:detainRevoke',
      'order:work',
      'order:import',
      'port:list',
      'port:add',
      'port:modify',
      'log:goods',
      'finance:outgoing',
    ],
  },
  {
    code: 'finance',
    name: '财务',
    nameEn: 'Finance',
    menus: ['Index', 'MyTasks', ...lines, 'Finance', 'Question'],
    permissions: [
      ...everyone,
      'order:list',
      'order:detail',
      'order:price',
      'order:upgrade:brokerage',
      // finance works on every salesman's customers (arrears, inquiry and report filters)
      'customers:all',
      'price:list',
      'price:cost',
      ...PERMISSIONS.filter((p) => p.area === 'finance').map((p) => p.code),
    ],
  },
  {
    code: 'customerService',
    name: '客服',
    nameEn: 'Customer service',
    menus: ['Index', 'MyTasks', 'Customers', ...lines, 'Question'],
    permissions: [...everyone, 'customers:list', 'customers:detail', 'customers:all', 'order:list', 'order:detail', 'order:track', 'order:work'],
  },
];

/**
 * The staff of the seed: the administrator (the first, the only one outside demo mode) and the demo staff.
 * In demo mode the administrator signs in with admin / admin123, everyone else with demo123.
 */
export const STAFF_SEEDS = [
  {
    account: 'admin',
    password: DEMO_PASSWORDS.admin,
    fullName: '系统管理员',
    role: 'admin',
    org: 'IT',
    jobNo: 'A0001',
    isSuperAdmin: true,
    duty: '系统管理员',
  },
  {
    account: 'sales01',
    password: DEMO_PASSWORDS.staff,
    fullName: '张晓明',
    role: 'salesman',
    org: 'SALES',
    jobNo: 'S0001',
    peerLabel: 'ZXM',
    directLabel: 'ZXMD',
    duty: '销售经理',
  },
  // a second salesman: each salesman's customers, orders and money are out of the other's reach
  {
    account: 'sales02',
    password: DEMO_PASSWORDS.staff,
    fullName: '孙立伟',
    role: 'salesman',
    org: 'SALES',
    jobNo: 'S0002',
    peerLabel: 'SLW',
    directLabel: 'SLWD',
    duty: '销售经理',
  },
  // reviews customers (customers:check) of every salesman
  {
    account: 'manager01',
    password: DEMO_PASSWORDS.staff,
    fullName: '周建国',
    role: 'salesManager',
    org: 'SALES',
    jobNo: 'S0100',
    peerLabel: 'ZJG',
    directLabel: 'ZJGD',
    duty: '销售经理',
  },
  { account: 'op01', password: DEMO_PASSWORDS.staff, fullName: '李文静', role: 'operator', org: 'OPS', jobNo: 'O0001', duty: '操作主管' },
  { account: 'fin01', password: DEMO_PASSWORDS.staff, fullName: '王海燕', role: 'finance', org: 'FIN', jobNo: 'F0001', duty: '会计' },
  { account: 'cs01', password: DEMO_PASSWORDS.staff, fullName: '赵雨婷', role: 'customerService', org: 'CS', jobNo: 'C0001', duty: '客服专员' },
] as const;

export const ORG_SEEDS = [
  { key: 'HQ', name: '环球货运代理有限公司', nameEn: 'Global Forwarding Co., Ltd.', type: 'company', parent: null },
  { key: 'SZ', name: '深圳分公司', nameEn: 'Shenzhen branch', type: 'branch', parent: 'HQ' },
  { key: 'SALES', name: '销售部', nameEn: 'Sales', type: 'department', parent: 'SZ' },
  { key: 'OPS', name: '操作部', nameEn: 'Operations', type: 'department', parent: 'SZ' },
  { key: 'CS', name: '客服部', nameEn: 'Customer service', type: 'department', parent: 'SZ' },
  { key: 'FIN', name: '财务部', nameEn: 'Finance', type: 'department', parent: 'HQ' },
  { key: 'IT', name: '信息技术部', nameEn: 'IT', type: 'department', parent: 'HQ' },
] as const;

export const DICT_SEEDS = [
  {
    dictCode: 'customerSource',
    dictName: '客户来源',
    dictNameEn: 'Customer source',
    classify: 'customer',
    items: [
      ['网络推广', 'Online'],
      ['老客户介绍', 'Referral'],
      ['展会', 'Trade fair'],
      ['电话开发', 'Cold call'],
    ],
  },
  {
    dictCode: 'customerLevel',
    dictName: '客户等级',
    dictNameEn: 'Customer level',
    classify: 'customer',
    items: [
      ['A', 'A'],
      ['B', 'B'],
      ['C', 'C'],
    ],
  },
  {
    dictCode: 'currency',
    dictName: '币种',
    dictNameEn: 'Currency',
    classify: 'finance',
    items: [
      ['CNY', 'CNY'],
      ['USD', 'USD'],
      ['EUR', 'EUR'],
      ['HKD', 'HKD'],
    ],
  },
  {
    dictCode: 'goodsType',
    dictName: '货物类型',
    dictNameEn: 'Goods type',
    classify: 'order',
    items: [
      ['普货', 'General cargo'],
      ['带电', 'Battery'],
      ['敏感货', 'Sensitive'],
      ['食品', 'Food'],
    ],
  },
  {
    dictCode: 'packageUnit',
    dictName: '包装单位',
    dictNameEn: 'Package unit',
    classify: 'order',
    items: [
      ['箱', 'Carton'],
      ['托', 'Pallet'],
      ['件', 'Piece'],
    ],
  },
  {
    dictCode: 'expenseType',
    dictName: '费用类型',
    dictNameEn: 'Expense type',
    classify: 'finance',
    items: [
      ['运费', 'Freight'],
      ['报关费', 'Customs fee'],
      ['拖车费', 'Trucking'],
      ['仓储费', 'Storage'],
      ['办公费', 'Office'],
    ],
  },
  {
    dictCode: 'duty',
    dictName: '职务',
    dictNameEn: 'Duty',
    classify: 'staff',
    items: [
      ['系统管理员', 'Administrator'],
      ['销售经理', 'Sales manager'],
      ['操作主管', 'Operations lead'],
      ['会计', 'Accountant'],
      ['客服专员', 'Customer service'],
    ],
  },
  {
    dictCode: 'orgType',
    dictName: '组织类型',
    dictNameEn: 'Organisation type',
    classify: 'staff',
    items: [
      ['company', 'Company', '公司'],
      ['branch', 'Branch', '分公司'],
      ['department', 'Department', '部门'],
    ],
  },
  {
    dictCode: 'entryType',
    dictName: '缴款类型',
    dictNameEn: 'Hand-in type',
    classify: 'finance',
    items: [
      ['运费收款', 'Freight received'],
      ['预付款', 'Prepayment'],
      ['杂费收款', 'Extras received'],
      ['其他', 'Other'],
    ],
  },
  {
    dictCode: 'paymentMethod',
    dictName: '付款方式',
    dictNameEn: 'Payment method',
    classify: 'finance',
    items: [
      ['银行转账', 'Bank transfer'],
      ['现金', 'Cash'],
      ['支付宝', 'Alipay'],
      ['微信', 'WeChat Pay'],
    ],
  },
  // the air line's words for its stages (common/stage-wording.ts): menus, lists, detail, timeline and moves of air orders
  {
    dictCode: stageWordingDict('airtransport'),
    dictName: '空运阶段名称',
    dictNameEn: 'Air line stage names',
    classify: STAGE_WORDING_CLASSIFY,
    items: AIR_STAGE_WORDS,
  },
] as const;

/** The sequences that number documents: a prefix per line for orders, one per finance record kind. */
export const SERIAL_SEEDS = [
  {
    code: 'order.smallbag',
    name: '小包专线订单号',
    nameEn: 'Small parcel order number',
    prefix: 'SB',
    pattern: '{prefix}{yyMMdd}{seq:4}',
    resetPolicy: 'daily',
  },
  {
    code: 'order.dedicatedline',
    name: '专线订单号',
    nameEn: 'Dedicated line order number',
    prefix: 'DL',
    pattern: '{prefix}{yyMMdd}{seq:4}',
    resetPolicy: 'daily',
  },
  { code: 'order.airtransport', name: '空运订单号', nameEn: 'Air order number', prefix: 'AT', pattern: '{prefix}{yyMMdd}{seq:4}', resetPolicy: 'daily' },
  { code: 'order.receipt', name: '入仓单号', nameEn: 'Warehouse receipt number', prefix: 'WR', pattern: '{prefix}{yyMMdd}{seq:4}', resetPolicy: 'daily' },
  { code: 'finance.outgoing', name: '费用报销单号', nameEn: 'Expense claim number', prefix: 'FO', pattern: '{prefix}{yyyyMM}{seq:5}', resetPolicy: 'monthly' },
  { code: 'finance.entry', name: '缴款单号', nameEn: 'Payment hand-in number', prefix: 'FE', pattern: '{prefix}{yyyyMM}{seq:5}', resetPolicy: 'monthly' },
  { code: 'customer', name: '客户编号', nameEn: 'Customer code', prefix: 'C', pattern: '{prefix}{seq:6}', resetPolicy: 'never' },
] as const;
