import { defineMessages } from '@/shared/i18n';

export const workbenchMessages = defineMessages(
  {
    welcome: '{greeting}，{name}',
    welcomeHint: '欢迎使用{title}，祝您工作顺利！',
    myAccount: '我的账号',
    account: '账号',
    roles: '角色',
    superAdmin: '超级管理员',
    noRoles: '暂无角色',
    peerLabel: '同行唛头',
    directLabel: '直客唛头',
    unreadNotices: '未读通知',
    onlineStaff: '在线员工',
  },
  {
    welcome: '{greeting}, {name}',
    welcomeHint: 'Welcome to {title}. Have a good day at work!',
    myAccount: 'My account',
    account: 'Account',
    roles: 'Roles',
    superAdmin: 'Super administrator',
    noRoles: 'No roles',
    peerLabel: 'Peer shipping mark',
    directLabel: 'Direct-customer shipping mark',
    unreadNotices: 'Unread notices',
    onlineStaff: 'Staff online',
  },
);
