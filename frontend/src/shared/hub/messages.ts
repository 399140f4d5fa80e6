import { defineMessages } from '@/shared/i18n';

/** The real-time connection's alert when it gives up reconnecting. */
export const hubMessages = defineMessages(
  {
    hubErrorTitle: '错误提醒',
    hubError: '网络连接中断，无法获得服务器的响应！',
    hubReconnect: '尝试重新连接',
  },
  {
    hubErrorTitle: 'Error',
    hubError: 'The network connection was interrupted; the server is not responding!',
    hubReconnect: 'Try to reconnect',
  },
);
