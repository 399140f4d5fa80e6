/**
 * The system parameters (/base/deploy) the server reads, with their types and defaults. A parameter
 * missing from the database has its default; the screen edits the stored value.
 */
import { DEFAULT_MAIL_MILESTONES, ORDER_STAGES, STAGE_NAMES, type SettingType } from '@forwarder/domain';

/** A value a list parameter may hold, with its names (the screen offers them to pick from). */
export interface SettingChoice {
  value: string;
  label: string;
  labelEn: string;
}

interface SettingDef<T> {
  type: SettingType;
  default: T;
  group: string;
  label: string;
  labelEn: string;
  /** smallest value a number may take (default 0): a zero token lifetime or upload limit shuts everyone out */
  min?: number;
  /** the only values a list may hold: anything else is refused */
  choices?: readonly SettingChoice[];
}

const def = <T>(
  type: SettingType,
  value: T,
  group: string,
  label: string,
  labelEn: string,
  limits: { min?: number; choices?: readonly SettingChoice[] } = {},
): SettingDef<T> => ({
  type,
  default: value,
  group,
  label,
  labelEn,
  ...limits,
});

export const SETTINGS = {
  'site.title': def('string', '货代业务管理系统', 'site', '系统标题', 'Product title'),
  'site.titleEn': def('string', 'Forwarder Back Office', 'site', '系统英文标题', 'Product title (English)'),
  'site.logo': def('string', '', 'site', '系统 Logo 地址', 'Logo URL'),
  'security.accessTokenMinutes': def('number', 30, 'security', '访问令牌有效期（分钟）', 'Access token lifetime (minutes)', { min: 1 }),
  'security.refreshTokenDays': def('number', 7, 'security', '刷新令牌有效期（天）', 'Refresh token lifetime (days)', { min: 1 }),
  'security.loginMaxFailures': def('number', 5, 'security', '连续登录失败锁定次数', 'Failed sign-ins before lockout', { min: 1 }),
  'security.loginLockMinutes': def('number', 15, 'security', '登录锁定时长（分钟）', 'Lockout duration (minutes)'),
  // The lock above holds for one account from one address; each further lock of that pair lasts twice as long.
  'security.loginLockMaxMinutes': def(
    'number',
    240,
    'security',
    '同一地址重复锁定的最长时长（分钟）',
    'Longest lockout of one address after repeated lockouts (minutes)',
    { min: 1 },
  ),
  'security.accountLockFailures': def(
    'number',
    50,
    'security',
    '所有地址登录失败多少次后锁定账号（24 小时内）',
    'Failed sign-ins from all addresses (within 24 hours) before the account itself is locked',
    { min: 1 },
  ),
  'security.accountLockMinutes': def(
    'number',
    30,
    'security',
    '账号锁定时长（分钟，管理员会收到通知）',
    'Account lockout duration (minutes; administrators are told)',
    { min: 1 },
  ),
  'security.signinPerIpPerMinute': def('number', 20, 'security', '每个地址每分钟登录次数上限', 'Sign-ins per address per minute', { min: 1 }),
  'security.signinPerAccountPerMinute': def(
    'number',
    30,
    'security',
    '每个账号每分钟登录次数上限（所有地址）',
    'Sign-ins per account per minute (all addresses)',
    { min: 1 },
  ),
  'security.publicPerIpPerMinute': def('number', 60, 'security', '每个地址每分钟访问公开接口次数上限', 'Calls to public routes per address per minute', {
    min: 1,
  }),
  'security.refreshPerIpPerMinute': def('number', 120, 'security', '每个地址每分钟刷新令牌次数上限', 'Token refreshes per address per minute', { min: 1 }),
  // a new hub connection beyond it closes the same user's oldest (docs/hub.md)
  'hub.maxConnectionsPerUser': def('number', 10, 'security', '每位用户的实时连接数上限', 'Live (hub) connections per user', { min: 1 }),
  'upload.maxSizeMb': def('number', 10, 'upload', '上传文件大小上限（MB）', 'Upload size limit (MB)', { min: 1 }),
  'upload.allowedTypes': def(
    'stringList',
    [
      'image/png',
      'image/jpeg',
      'image/gif',
      'image/webp',
      'application/pdf',
      'text/plain',
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/msword',
      'application/zip',
      'application/octet-stream',
    ],
    'upload',
    '允许上传的文件类型',
    'Allowed upload types',
  ),
  // The quotas count every stored file, attached or not (unattached ones go after upload.orphanGraceHours).
  'upload.userQuotaMb': def('number', 2048, 'upload', '每位用户上传文件总量上限（MB，0 为不限）', "Each user's uploaded files in all (MB, 0: no limit)"),
  'upload.totalQuotaMb': def('number', 0, 'upload', '全部上传文件总量上限（MB，0 为不限）', 'All uploaded files together (MB, 0: no limit)'),
  'upload.orphanGraceHours': def(
    'number',
    24,
    'upload',
    '未被使用的上传文件保留时长（小时，之后由每日任务删除）',
    'Hours an upload no record uses is kept (then the daily job deletes it)',
    { min: 1 },
  ),
  // below it readiness reports the upload folder's disk as degraded (still serving: a failing write is what fails it)
  'upload.diskMinFreeMb': def(
    'number',
    1024,
    'upload',
    '上传目录磁盘剩余空间告警线（MB）',
    "Free space on the upload folder's disk below which health warns (MB)",
  ),
  // What an uploaded workbook may hold (docs/operations.md, Imports): checked while it is read, sized for real
  // files of tens of thousands of rows; a file past one is refused with 413 naming it.
  'import.maxUncompressedMb': def('number', 100, 'import', '导入文件解压后总大小上限（MB）', 'Import: size of the workbook expanded (MB)', { min: 1 }),
  'import.maxPartMb': def('number', 50, 'import', '导入文件单个部件解压后大小上限（MB）', 'Import: size of one part expanded (MB)', { min: 1 }),
  'import.maxSharedStrings': def('number', 1_000_000, 'import', '导入文件共享字符串个数上限', 'Import: shared strings', { min: 1 }),
  'import.maxSharedStringsMb': def('number', 50, 'import', '导入文件共享字符串总大小上限（MB）', 'Import: size of the shared strings (MB)', { min: 1 }),
  'import.maxRows': def('number', 100_000, 'import', '导入工作表行数上限', 'Import: rows of the sheet', { min: 1 }),
  'import.maxColumns': def('number', 200, 'import', '导入工作表列数上限', 'Import: columns of the sheet', { min: 1 }),
  'import.maxCellChars': def('number', 32_767, 'import', '导入单元格字符数上限', 'Import: characters of one cell', { min: 1 }),
  'import.maxConcurrent': def(
    'number',
    2,
    'import',
    '同时进行的导入数上限（每个服务进程；每位用户同时一个）',
    'Imports running at once (per server process; one per user)',
    { min: 1 },
  ),
  'log.retentionDays': def('number', 180, 'log', '日志保留天数', 'Log retention (days)', { min: 1 }),
  'backup.enabled': def('boolean', false, 'backup', '每日自动备份（数据库与上传文件）', 'Daily backup (database and uploaded files)'),
  'backup.retentionDays': def('number', 7, 'backup', '备份保留天数', 'Backups kept (days)', { min: 1 }),
  'customer.protectDays': def('number', 90, 'customer', '客户保护天数（0 为关闭保护）', 'Days a customer stays protected (0 turns protection off)'),
  'customer.maxProtected': def('number', 20, 'customer', '每位业务员最多保护客户数', 'Most customers one salesman may protect at a time'),
  'customer.publicPoolMonths': def(
    'number',
    6,
    'customer',
    '未下单多少个月后掉入公海（0 为不掉入）',
    'Months without an order before a customer falls into the public pool (0: never)',
  ),
  'customer.reclaimCooldownDays': def(
    'number',
    30,
    'customer',
    '客户释放或掉入公海后，原业务员多少天内不能领取（0 为不限制）',
    'Days before a salesman may claim back a customer released or fallen to the pool (0: no wait)',
  ),
  'customer.bindCodeMinutes': def('number', 30, 'customer', '客户绑定码有效期（分钟）', 'Customer binding code lifetime (minutes)', { min: 1 }),
  // {PUBLIC_BASE_URL}: the customer portal of this installation (docs/portal.md); the WeChat mini-program's link,
  // https://servicewechat.com/bind?code=, is the other choice
  'customer.wechatBindUrl': def(
    'string',
    '{PUBLIC_BASE_URL}/m/bind?code=',
    'customer',
    '客户绑定链接（后接绑定码；{PUBLIC_BASE_URL} 即本系统对外地址）',
    'Customer binding link (the code is appended; {PUBLIC_BASE_URL}: this server)',
  ),
  // segregation of duties (docs/finance.md, States): off, nobody audits, unlocks or locks a record they registered
  'finance.allowSelfApproval': def(
    'boolean',
    false,
    'finance',
    '允许审核、解锁、锁定本人登记的财务单据（单人办公室）',
    'Let a user audit, unlock and lock finance records they registered (one-person office)',
  ),
  // milestone e-mails to customers who accept them (docs/notifications.md); sent through SMTP_URL, else kept in the outbox
  'mail.enabled': def(
    'boolean',
    true,
    'mail',
    '向客户发送节点邮件（客户资料中“接收邮件通知”开启且填写了邮箱）',
    'Milestone e-mails to customers (those who accept e-mails and have an address)',
  ),
  'mail.from': def('string', '货代业务管理系统 <noreply@localhost>', 'mail', '发件人（名称与地址）', 'Sender (name and address)'),
  'mail.milestones': def('stringList', [...DEFAULT_MAIL_MILESTONES], 'mail', '发送邮件的订单节点', 'Order milestones that send an e-mail', {
    // the stage's common name; each line's own words (起飞 for 开船) are used in the mail itself
    choices: ORDER_STAGES.map((stage) => ({ value: stage, label: STAGE_NAMES[`stage_${stage}`][0], labelEn: STAGE_NAMES[`stage_${stage}`][1] })),
  }),
} as const;

export type SettingKey = keyof typeof SETTINGS;
type Widen<T> = T extends string ? string : T extends number ? number : T extends boolean ? boolean : T extends readonly string[] ? string[] : T;
export type SettingValue<K extends SettingKey> = Widen<(typeof SETTINGS)[K]['default']>;
