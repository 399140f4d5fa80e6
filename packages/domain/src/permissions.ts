import { STAGES, type UpgradeStage } from './order-stages.js';

/**
 * The permission catalogue: every code a handler, menu node or button can be guarded by, with its names.
 * Seeded into the `permission` table; `@Perm()` accepts only these codes (typed), and the API security
 * list is produced from the handlers that name them.
 */
interface PermissionDef {
  readonly name: string;
  readonly nameEn: string;
}

const area = <T extends Record<string, PermissionDef>>(defs: T) => defs;
const p = (name: string, nameEn: string): PermissionDef => ({ name, nameEn });

/** The code that guards the move into `stage`. */
export const upgradePermission = <S extends UpgradeStage>(stage: S) => `order:upgrade:${stage}` as const;

/** The move into each stage is guarded by its own code, named after the move (升级到入仓). */
const upgradeCodes = Object.fromEntries(
  STAGES.flatMap((stage) => (stage.move ? [[upgradePermission(stage.code), p(`升级到${stage.move[0]}`, `Move to ${stage.move[1].toLowerCase()}`)]] : [])),
) as Record<`order:upgrade:${UpgradeStage}`, PermissionDef>;

export const PERMISSION_AREAS = {
  topbar: area({
    'avatar:dict': p('字典值批量修改', 'Bulk dictionary value change'),
    'topbar:search': p('全局搜索', 'Global search'),
    'topbar:notice': p('通知中心', 'Notices'),
    'topbar:label': p('订单标签打印', 'Order label printing'),
    'topbar:bindcode': p('生成客户绑定码', 'Customer binding code'),
  }),
  index: area({
    'index:notice': p('首页公告', 'Home notices'),
    'index:stageCount': p('首页订单阶段统计', 'Home order stage counts'),
    'index:online': p('首页在线员工', 'Home online staff'),
  }),
  system: area({
    'deploy:list': p('查看系统参数', 'View system parameters'),
    'deploy:modify': p('修改系统参数', 'Change system parameters'),
    'dict:list': p('查看字典', 'View dictionaries'),
    'dict:add': p('新增字典', 'Add dictionaries'),
    'dict:modify': p('修改字典', 'Change dictionaries'),
    'dict:delete': p('删除字典', 'Delete dictionaries'),
    'menu:list': p('查看菜单', 'View menus'),
    'menu:add': p('新增菜单', 'Add menus'),
    'menu:modify': p('修改菜单', 'Change menus'),
    'menu:delete': p('删除菜单', 'Delete menus'),
    'security:list': p('查看接口权限', 'View API permissions'),
    'notice:list': p('查看内部通知', 'View notices'),
    'notice:add': p('新增内部通知', 'Add notices'),
    'notice:modify': p('修改内部通知', 'Change notices'),
    'notice:delete': p('删除内部通知', 'Delete notices'),
    'notice:publish': p('发布内部通知', 'Publish notices'),
    'org:list': p('查看组织', 'View organisation'),
    'org:add': p('新增组织', 'Add organisation units'),
    'org:modify': p('修改组织', 'Change organisation units'),
    'org:delete': p('删除组织', 'Delete organisation units'),
    'role:list': p('查看角色', 'View roles'),
    'role:add': p('新增角色', 'Add roles'),
    'role:modify': p('修改角色', 'Change roles'),
    'role:delete': p('删除角色', 'Delete roles'),
    'role:grant': p('角色授权', 'Grant menus and permissions to roles'),
    'staff:list': p('查看员工', 'View staff'),
    'staff:detail': p('员工详情', 'Staff details'),
    'staff:add': p('新增员工', 'Add staff'),
    'staff:modify': p('修改员工', 'Change staff'),
    'staff:delete': p('删除员工', 'Delete staff'),
    'staff:status': p('启用停用员工', 'Enable or disable staff'),
    'staff:resetPwd': p('重置员工密码', 'Reset staff passwords'),
    'staff:unlock': p('解除登录锁定', 'Clear sign-in locks'),
    'staff:online': p('查看在线员工', 'View online staff'),
  }),
  logs: area({
    'log:sql': p('数据库操作日志', 'Database operation log'),
    'log:sqlAll': p('查看全部数据库操作日志', 'Every change in the database operation log'),
    'log:request': p('接口请求日志', 'API request log'),
    'log:error': p('异常拦截日志', 'Exception log'),
    'log:serial': p('流水号编码', 'Serial number coding'),
    'log:goods': p('最后入仓记录', 'Last warehouse receipts'),
    'log:notice': p('内部通知记录', 'Notice log'),
    'log:mail': p('邮件发件箱', 'Mail outbox'),
  }),
  files: area({
    'file:upload': p('上传文件', 'Upload files'),
    'file:list': p('文件存储位置', 'File storage list'),
    'file:delete': p('删除文件', 'Delete files'),
  }),
  customers: area({
    'customers:list': p('查看客户', 'View customers'),
    'customers:detail': p('客户详情', 'Customer details'),
    'customers:add': p('新增客户', 'Add customers'),
    'customers:modify': p('修改客户', 'Change customers'),
    'customers:delete': p('删除客户', 'Delete customers'),
    'customers:check': p('审核客户', 'Review customers'),
    'customers:protect': p('保护客户', 'Protect customers'),
    'customers:catch': p('领取公海客户', 'Claim public-pool customers'),
    'customers:release': p('释放客户到公海', 'Release customers to the public pool'),
    'customers:bindcode': p('客户绑定码', 'Customer binding codes'),
    'customers:wechat': p('客户小程序账号', 'Customer mini-program accounts'),
    'customers:all': p('查看全部客户', 'See every salesman’s customers'),
  }),
  ports: area({
    'port:list': p('查看港口', 'View ports'),
    'port:add': p('新增港口', 'Add ports'),
    'port:modify': p('修改港口', 'Change ports'),
    'port:delete': p('删除港口', 'Delete ports'),
  }),
  prices: area({
    'price:list': p('查看价格', 'View prices'),
    'price:cost': p('查看成本价', 'See cost prices'),
    'price:modify': p('维护价格', 'Maintain prices'),
    'price:import': p('导入价格', 'Import prices'),
    'price:export': p('导出价格', 'Export prices'),
  }),
  questions: area({
    'question:add': p('发布问题', 'Post questions'),
    'question:list': p('查看问题', 'View questions'),
    'question:reply': p('回答问题', 'Answer questions'),
    'question:detail': p('问题详情', 'Question details'),
    'question:modify': p('修改问题', 'Change questions'),
    'question:delete': p('删除问题', 'Delete questions'),
  }),
  orders: area({
    'order:list': p('查看订单', 'View orders'),
    'order:detail': p('订单详情', 'Order details'),
    'order:add': p('登记订单', 'Register orders'),
    'order:modify': p('修改订单', 'Change orders'),
    'order:register': p('货物登记', 'Cargo registration'),
    'order:cargoComplete': p('货物齐全', 'Cargo complete'),
    'order:package': p('装箱单', 'Packing lists'),
    'order:seal': p('封条', 'Seals'),
    'order:deputy': p('代理信息', 'Agent details'),
    'order:waybill': p('运单', 'Waybills'),
    'order:bill': p('提单', 'Bills of lading'),
    'order:track': p('物流轨迹', 'Tracking'),
    'order:label': p('订单标签', 'Order labels'),
    'order:export': p('订单导出', 'Order exports'),
    ...upgradeCodes,
    'order:demotion': p('订单退回上一阶段', 'Move orders back a stage'),
    'order:abnormal': p('标记异常', 'Mark abnormal'),
    'order:abnormalRevoke': p('撤销异常', 'Revoke abnormal'),
    'order:detain': p('扣货', 'Detain goods'),
    'order:detainRevoke': p('撤销扣货', 'Release goods'),
    'order:delete': p('作废订单', 'Void orders'),
    'order:deleteRevoke': p('恢复作废订单', 'Restore voided orders'),
    'order:work': p('工作记录', 'Work records'),
    'order:import': p('订单导入', 'Order imports'),
    'order:bbs': p('订单问题报备', 'Order issue board'),
    'order:price': p('订单报价', 'Order quotation'),
  }),
  finance: area({
    'finance:outgoing': p('费用报销', 'Expense reimbursement'),
    'finance:entry': p('缴款登记', 'Payment hand-in'),
    'finance:list': p('查看财务', 'View finance'),
    'finance:audit': p('财务审核', 'Finance audit'),
    'finance:edit': p('财务修改', 'Finance edit'),
    'finance:demotion': p('财务退回', 'Finance step back'),
    'finance:upgrade': p('佣金结算', 'Settle commissions'),
    'finance:delete': p('财务删除', 'Finance delete'),
    'finance:unlock': p('财务解锁', 'Finance unlock'),
    'finance:arrears': p('欠款查询', 'Arrears'),
    'finance:rebate': p('佣金查询', 'Commissions'),
    'finance:inquiry': p('订单财务查询', 'Order financial inquiry'),
    'finance:report': p('财务报表导出', 'Finance report export'),
  }),
  wechat: area({
    'wechat:orderAdd': p('小程序下单', 'Mini-program order entry'),
    'wechat:orderList': p('小程序订单查询', 'Mini-program order list'),
    'wechat:track': p('小程序轨迹查询', 'Mini-program tracking'),
  }),
} as const;

type Areas = typeof PERMISSION_AREAS;
export type PermissionCode = { [A in keyof Areas]: keyof Areas[A] }[keyof Areas] & string;

export interface PermissionEntry extends PermissionDef {
  code: PermissionCode;
  area: keyof Areas;
  sort: number;
}

export const PERMISSIONS: readonly PermissionEntry[] = Object.entries(PERMISSION_AREAS).flatMap(([areaName, defs], areaIndex) =>
  Object.entries(defs as Record<string, PermissionDef>).map(([code, def], i) => ({
    code: code as PermissionCode,
    area: areaName as keyof Areas,
    sort: areaIndex * 1000 + i,
    ...def,
  })),
);

const PERMISSION_CODES: ReadonlySet<string> = new Set(PERMISSIONS.map((entry) => entry.code));
/** Whether a string is a catalogue code (codes from stored data: menus, roles). */
export const isPermissionCode = (code: string): code is PermissionCode => PERMISSION_CODES.has(code);
