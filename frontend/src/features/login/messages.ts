import { defineMessages } from '@/shared/i18n';

export const loginMessages = defineMessages(
  {
    signIn: '登录',
    account: '用户名',
    accountPlaceholder: '请输入用户名',
    accountRequired: '用户名不能为空',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    passwordTooShort: '密码不能少于{min}位',
    welcome: '欢迎登录{title}',
    greeting: '{greeting}！',
    language: '切换语言',
    demoLoading: '演示数据加载中（第 {day}/{days} 天，{orders} 个订单），已可登录',
  },
  {
    signIn: 'Sign in',
    account: 'User name',
    accountPlaceholder: 'Enter your user name',
    accountRequired: 'The user name cannot be empty',
    password: 'Password',
    passwordPlaceholder: 'Enter your password',
    passwordTooShort: 'The password cannot be less than {min} digits',
    welcome: 'Welcome to {title}',
    greeting: '{greeting}!',
    language: 'Language',
    demoLoading: 'Demo data is loading (day {day} of {days}, {orders} orders); you can sign in now',
  },
  { demoData: 'demoData' },
);
