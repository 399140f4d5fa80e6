/**
 * The complete menu tree of the product: every route of the specification's route table (seed 1
 * section 2), each shipping line with its fifteen children. Seeded idempotently by route name.
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

/** A line's fifteen screens: new order, each stage's list (registered first; titled by the stage's state name), all, the side states. */
export const LINE_PAGES: readonly (readonly [string, string, string])[] = [
  ['add', '登记订单', 'New order'],
  ...STAGE_SCREENS.map((stage) => [stage, ...STAGE_NAMES[`stage_${stage}`]] as const),
  ['all', '全部订单', 'All orders'],
  ['abnormal', '异常订单', 'Abnormal'],
  ['detain', '扣货订单', 'Goods held'],
  ['delete', '已作废', 'Voided'],
];

/** A page of a directory: the component that shows it, and its key (the last part of its path) and titles. */
type PageOf = (component: string, words: readonly [key: string, title: string, titleEn: string]) => MenuSeed;

/**
 * A directory of the sidebar, named after its path ('/finance/outgoing': FinanceOutgoing), opening on
 * `redirect`; `children` builds its pages with `page`, which names each after the directory and the page's key.
 */
const directory = (
  path: string,
  [title, titleEn]: readonly [string, string],
  redirect: string,
  children: (page: PageOf) => MenuSeed[],
  icon?: string,
): MenuSeed => {
  const name = path.split('/').filter(Boolean).map(cap).join('');
  const page: PageOf = (component, [key, pageTitle, pageTitleEn]) => ({
    name: `${name}${cap(key)}`,
    path: `${path}/${key}`,
    title: pageTitle,
    titleEn: pageTitleEn,
    component,
  });
  return { name, path, title, titleEn, icon, type: 'directory', redirect, children: children(page) };
};

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

const lines: MenuSeed[] = SHIP_LINES.map((line) =>
  directory(
    `/${line.value}`,
    [line.text, line.textEn],
    `/${line.value}/all`,
    (page) => LINE_PAGES.map((words) => page(words[0] === 'add' ? 'order/add' : 'order/stage', linePage(line.value, words))),
    line.icon,
  ),
);

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
  // the task inbox: every role has the menu, those who take tasks (order:work) see it
  { name: 'MyTasks', path: '/tasks', title: '我的任务', titleEn: 'My tasks', component: 'tasks', icon: 'CheckSquareOutlined', permission: 'order:work' },
  directory(
    '/customers',
    ['客户管理', 'Customers'],
    '/customers/checkList',
    (page) => [
      page('customers/add', ['add', '新增客户', 'Add customer']),
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
      ).map((words) => page('customers/list', words)),
    ],
    'TeamOutlined',
  ),
  ...lines,
  directory(
    '/port',
    ['港口维护', 'Ports'],
    '/port/smallbagStart',
    (page) =>
      SHIP_LINES.flatMap((line) => [
        page('port/list', [`${line.value}Start`, `${line.text}起运港`, `${line.textEn} origin ports`]),
        page('port/list', [`${line.value}End`, `${line.text}目的港`, `${line.textEn} destination ports`]),
      ]),
    'EnvironmentOutlined',
  ),
  directory(
    '/price',
    ['成本报价', 'Costs and quotations'],
    '/price/smallbag',
    (page) => SHIP_LINES.map((line) => page('price/list', [line.value, `${line.text}价格`, `${line.textEn} prices`])),
    'DollarOutlined',
  ),
  directory(
    '/question',
    ['问题解答', 'Questions'],
    '/question/all',
    (page) => [
      page('question/add', ['add', '发布问题', 'Ask a question']),
      page('question/list', ['notreply', '未回答', 'Unanswered']),
      page('question/list', ['reply', '已回答', 'Answered']),
      page('question/list', ['all', '全部问题', 'All questions']),
    ],
    'QuestionCircleOutlined',
  ),
  directory(
    '/finance',
    ['财务管理', 'Finance'],
    '/finance/arrears',
    (page) => [
      directory('/finance/outgoing', ['费用报销', 'Expense reimbursement'], '/finance/outgoing/register', (record) =>
        financePages.map((words) => record('finance/record', words)),
      ),
      directory('/finance/entry', ['缴款登记', 'Payment hand-in'], '/finance/entry/register', (record) =>
        financePages.map(([key, title, titleEn]) =>
          record('finance/record', [key, key === 'register' ? '缴款登记' : title, key === 'register' ? 'Hand in' : titleEn]),
        ),
      ),
      page('finance/arrears', ['arrears', '欠款查询', 'Arrears']),
      page('finance/rebate', ['notRebate', '未结佣金', 'Commissions due']),
      page('finance/rebate', ['rebate', '已结佣金', 'Commissions paid']),
      page('finance/orderInquiry', ['orderInquiry', '订单财务查询', 'Order inquiry']),
      page('finance/export', ['export', '报表导出', 'Report export']),
      { ...page('finance/costImport', ['costImport', '成本导入', 'Cost import']), permission: 'finance:edit' },
    ],
    'AccountBookOutlined',
  ),
  directory(
    '/base',
    ['系统设置', 'System'],
    '/base/staff/list',
    (page) => [
      page('base/deploy', ['deploy', '系统参数', 'Parameters']),
      page('base/dict', ['dict', '字典配置', 'Dictionaries']),
      screen('base/menu/add', '新增菜单', 'Add menu'),
      screen('base/menu/list', '菜单管理', 'Menus'),
      screen('base/security/list', '接口权限', 'API permissions'),
      screen('base/notice/list', '内部通知', 'Notices'),
      screen('base/org/list', '组织架构', 'Organisation'),
      screen('base/role/list', '角色管理', 'Roles'),
      screen('base/staff/add', '新增员工', 'Add staff'),
      screen('base/staff/list', '员工管理', 'Staff'),
    ],
    'SettingOutlined',
  ),
  directory(
    '/log',
    ['系统日志', 'Logs'],
    '/log/request',
    (page) => [
      { ...page('log/sql', ['sql', '数据库操作日志', 'Database operations']), roleGuard: ['admin', 'salesman', 'salesManager'] },
      page('log/request', ['request', '接口请求日志', 'API requests']),
      page('log/error', ['error', '异常拦截日志', 'Exceptions']),
      page('log/serial', ['serial', '流水号编码', 'Serial numbers']),
      page('log/goods', ['goods', '最后入仓记录', 'Last warehouse receipts']),
      page('log/files', ['files', '文件存储位置', 'Stored files']),
      page('log/notice', ['notice', '内部通知记录', 'Notice log']),
      { ...page('log/mail', ['mail', '邮件发件箱', 'Mail outbox']), permission: 'log:mail' },
    ],
    'FileSearchOutlined',
  ),
];
