import { defineMessages } from '@/shared/i18n';

export const securityMessages = defineMessages(
  {
    method: '请求方式',
    path: '接口地址',
    permission: '权限编码',
    permissionPlaceholder: '编码的一部分，如 role:',
    access: '访问类型',
    accessPublic: '公开',
    accessSignedIn: '登录即可',
    accessPermission: '需权限',
    accessNone: '未声明',
    codes: '权限及持有角色',
    handler: '处理方法',
    noRole: '无角色持有',
    all: '全部',
  },
  {
    method: 'Method',
    path: 'Path',
    permission: 'Permission code',
    permissionPlaceholder: 'Part of a code, e.g. role:',
    access: 'Access',
    accessPublic: 'Public',
    accessSignedIn: 'Signed in',
    accessPermission: 'Permission',
    accessNone: 'Undeclared',
    codes: 'Permissions and the roles holding them',
    handler: 'Handler',
    noRole: 'No role holds it',
    all: 'All',
  },
);
