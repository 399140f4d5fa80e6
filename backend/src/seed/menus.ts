/**
 * The complete menu tree of the product: every route of the specification's route table (seed 1
 * section 2), each shipping line with its fourteen children. Seeded idempotently by route name.
 */
import { AIR_STAGE_WORDS, SHIP_LINES, type ShipType, STAGE_NAMES, STAGE_SCREENS } from '@forwarder/domain';

export interface MenuSeed {
  name: string;
  path: string;
  title: string;
  titleEn: string;
  component?: string;
  icon?: string;
  type?: 'directory' | 'menu';
  redirect?: string;
  noClosable?: boolean;
  hidden?: boolean;
  roleGuard?: string[];
  /** a permission code the viewer needs besides the menu grant (the screen is all one call's) */
  permission?: string;
  children?: MenuSeed[];
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export { SHIP_LINES };

/** A line's fourteen screens: new order, each stage's list (titled by the stage's state name), all, the side states. */
export const LINE_PAGES: readonly (readonly [string, string, string])[] = [
  ['add', '登记订单', 'New order'],
  ...STAGE_SCREENS.map((stage) => [stage, ...STAGE_NAMES[`stage_${stage}`]] as const),
  ['all', '全部订单', 'All orders'],
  ['abnormal', '异常订单', 'Abnormal'],
  ['detain', '扣货订单', 'Goods held'],
  ['delete', '已作废', 'Voided'],
];

const leaf = (base: string, prefix: string, component: string, [key, title, titleEn]: readonly [string, string, string]): MenuSeed => ({
  name: `${prefix}${cap(key)}`,
  path: `${base}/${key}`,
  title,
  titleEn,
  component,
});

/** A screen of its own route: named after the last two parts of its component ('base/menu/add': MenuAdd). */
const screen = (component: string, title: string, titleEn: string): MenuSeed => ({
  name: component.split('/').slice(-2).map(cap).join(''),
  path: `/${component}`,
  title,
  titleEn,
  component,
});

/** A line's own words for its stage screens (the air line's 装板/起飞/拆板), as seeded into its wording dictionary. */
const LINE_STAGE_TITLES: Partial<Record<ShipType, ReadonlyMap<string, readonly [string, string]>>> = {
  airtransport: new Map(AIR_STAGE_WORDS.filter(([key]) => key.startsWith('stage_')).map(([key, en, zh]) => [key.slice('stage_'.length), [zh, en]])),
};

const linePage = (line: ShipType, page: readonly [string, string, string]): readonly [string, string, string] => {
  const own = LINE_STAGE_TITLES[line]?.get(page[0]);
  return own ? [page[0], own[0], own[1]] : page;
};

const lines: MenuSeed[] = SHIP_LINES.map((line) => ({
  name: cap(line.value),
  path: `/${line.value}`,
  title: line.text,
  titleEn: line.textEn,
  icon: line.icon,
  type: 'directory',
  redirect: `/${line.value}/all`,
  children: LINE_PAGES.map((page) => leaf(`/${line.value}`, cap(line.value), page[0] === 'add' ? 'order/add' : 'order/stage', linePage(line.value, page))),
}));

const financePages = [
  ['register', '在线报销', 'Register'],
  ['audit', '待审核', 'Pending audit'],
  ['refuse', '已驳回', 'Refused'],
  ['locked', '已锁定', 'Locked'],
  ['unlocked', '已解锁', 'Unlocked'],
  ['detailed', '全部明细', 'All records'],
] as const;

export const MENU_TREE: MenuSeed[] = [
  { name: 'Index', path: '/index', title: '工作台', titleEn: 'Workbench', component: 'index', icon: 'HomeOutlined', noClosable: true },
  {
    name: 'Customers',
    path: '/customers',
    title: '客户管理',
    titleEn: 'Customers',
    icon: 'TeamOutlined',
    type: 'directory',
    redirect: '/customers/checkList',
    children: [
      leaf('/customers', 'Customers', 'customers/add', ['add', '新增客户', 'Add customer']),
      ...(
        [
          ['checkList', '已审核客户', 'Reviewed'],
          ['editList', '编辑中客户', 'Being edited'],
          ['checkPendingList', '待审核客户', 'Awaiting review'],
          ['monthSixList', '六个月未下单', 'No order for 6 months'],
          ['publicList', '公海客户', 'Public pool'],
          ['unprotectedList', '未保护客户', 'Unprotected'],
          ['protectedList', '已保护客户', 'Protected'],
        ] as const
      ).map((page) => leaf('/customers', 'Customers', 'customers/list', page)),
    ],
  },
  ...lines,
  {
    name: 'Port',
    path: '/port',
    title: '港口维护',
    titleEn: 'Ports',
    icon: 'EnvironmentOutlined',
    type: 'directory',
    redirect: '/port/smallbagStart',
    children: SHIP_LINES.flatMap((line) => [
      leaf('/port', 'Port', 'port/list', [`${line.value}Start`, `${line.text}起运港`, `${line.textEn} origin ports`]),
      leaf('/port', 'Port', 'port/list', [`${line.value}End`, `${line.text}目的港`, `${line.textEn} destination ports`]),
    ]),
  },
  {
    name: 'Price',
    path: '/price',
    title: '成本报价',
    titleEn: 'Costs and quotations',
    icon: 'DollarOutlined',
    type: 'directory',
    redirect: '/price/smallbag',
    children: SHIP_LINES.map((line) => leaf('/price', 'Price', 'price/list', [line.value, `${line.text}价格`, `${line.textEn} prices`])),
  },
  {
    name: 'Question',
    path: '/question',
    title: '问题解答',
    titleEn: 'Questions',
    icon: 'QuestionCircleOutlined',
    type: 'directory',
    redirect: '/question/all',
    children: [
      leaf('/question', 'Question', 'question/add', ['add', '发布问题', 'Ask a question']),
      leaf('/question', 'Question', 'question/list', ['notreply', '未回答', 'Unanswered']),
      leaf('/question', 'Question', 'question/list', ['reply', '已回答', 'Answered']),
      leaf('/question', 'Question', 'question/list', ['all', '全部问题', 'All questions']),
    ],
  },
  {
    name: 'Finance',
    path: '/finance',
    title: '财务管理',
    titleEn: 'Finance',
    icon: 'AccountBookOutlined',
    type: 'directory',
    redirect: '/finance/arrears',
    children: [
      {
        name: 'FinanceOutgoing',
        path: '/finance/outgoing',
        title: '费用报销',
        titleEn: 'Expense reimbursement',
        type: 'directory',
        redirect: '/finance/outgoing/register',
        children: financePages.map((page) => leaf('/finance/outgoing', 'FinanceOutgoing', 'finance/record', page)),
      },
      {
        name: 'FinanceEntry',
        path: '/finance/entry',
        title: '缴款登记',
        titleEn: 'Payment hand-in',
        type: 'directory',
        redirect: '/finance/entry/register',
        children: financePages.map(([key, title, titleEn]) =>
          leaf('/finance/entry', 'FinanceEntry', 'finance/record', [key, key === 'register' ? '缴款登记' : title, key === 'register' ? 'Hand in' : titleEn]),
        ),
      },
      leaf('/finance', 'Finance', 'finance/arrears', ['arrears', '欠款查询', 'Arrears']),
      leaf('/finance', 'Finance', 'finance/rebate', ['notRebate', '未结佣金', 'Commissions due']),
      leaf('/finance', 'Finance', 'finance/rebate', ['rebate', '已结佣金', 'Commissions paid']),
      leaf('/finance', 'Finance', 'finance/orderInquiry', ['orderInquiry', '订单财务查询', 'Order inquiry']),
      leaf('/finance', 'Finance', 'finance/export', ['export', '报表导出', 'Report export']),
      { ...leaf('/finance', 'Finance', 'finance/costImport', ['costImport', '成本导入', 'Cost import']), permission: 'finance:edit' },
    ],
  },
  {
    name: 'Base',
    path: '/base',
    title: '系统设置',
    titleEn: 'System',
    icon: 'SettingOutlined',
    type: 'directory',
    redirect: '/base/staff/list',
    children: [
      leaf('/base', 'Base', 'base/deploy', ['deploy', '系统参数', 'Parameters']),
      leaf('/base', 'Base', 'base/dict', ['dict', '字典配置', 'Dictionaries']),
      screen('base/menu/add', '新增菜单', 'Add menu'),
      screen('base/menu/list', '菜单管理', 'Menus'),
      screen('base/security/list', '接口权限', 'API permissions'),
      screen('base/notice/list', '内部通知', 'Notices'),
      screen('base/org/list', '组织架构', 'Organisation'),
      screen('base/role/list', '角色管理', 'Roles'),
      screen('base/staff/add', '新增员工', 'Add staff'),
      screen('base/staff/list', '员工管理', 'Staff'),
    ],
  },
  {
    name: 'Log',
    path: '/log',
    title: '系统日志',
    titleEn: 'Logs',
    icon: 'FileSearchOutlined',
    type: 'directory',
    redirect: '/log/request',
    children: [
      { ...leaf('/log', 'Log', 'log/sql', ['sql', '数据库操作日志', 'Database operations']), roleGuard: ['admin', 'salesman', 'salesManager'] },
      leaf('/log', 'Log', 'log/request', ['request', '接口请求日志', 'API requests']),
      leaf('/log', 'Log', 'log/error', ['error', '异常拦截日志', 'Exceptions']),
      leaf('/log', 'Log', 'log/serial', ['serial', '流水号编码', 'Serial numbers']),
      leaf('/log', 'Log', 'log/goods', ['goods', '最后入仓记录', 'Last warehouse receipts']),
      leaf('/log', 'Log', 'log/files', ['files', '文件存储位置', 'Stored files']),
      leaf('/log', 'Log', 'log/notice', ['notice', '内部通知记录', 'Notice log']),
    ],
  },
];
