import { ACCESS_WORDS } from '@forwarder/domain';
import { defineMessages } from '@/shared/i18n';

export const securityMessages = defineMessages(
  {
    method: '请求方式',
    path: '接口地址',
    permission: '权限编码',
    permissionPlaceholder: '编码的一部分，如 role:',
    access: '访问类型',
    accessPublic: ACCESS_WORDS.public[0],
    accessSignedIn: ACCESS_WORDS.signedIn[0],
    accessPermission: ACCESS_WORDS.permission[0],
    accessCustomer: ACCESS_WORDS.customer[0],
    accessNone: ACCESS_WORDS.none[0],
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
    accessPublic: ACCESS_WORDS.public[1],
    accessSignedIn: ACCESS_WORDS.signedIn[1],
    accessPermission: ACCESS_WORDS.permission[1],
    accessCustomer: ACCESS_WORDS.customer[1],
    accessNone: ACCESS_WORDS.none[1],
    codes: 'Permissions and the roles holding them',
    handler: 'Handler',
    noRole: 'No role holds it',
    all: 'All',
  },
);
