import type { Language } from '@/shared/i18n';

/** What an HTTP status means to a user, shown when the server gives no message of its own. */
const STATUS_TEXTS: Record<Language, Record<number, string>> = {
  zh: {
    0: '网络连接中断，无法获得服务器的响应',
    200: '服务器成功返回请求的数据',
    201: '新建或修改数据成功',
    202: '一个请求已经进入后台排队（异步任务）',
    204: '删除数据成功',
    400: '发出的请求信息有误',
    401: '用户没有权限（令牌失效或登录过期）',
    402: '令牌过期',
    403: '用户得到授权，但是访问是被禁止的',
    404: '访问的资源不存在',
    406: '请求的格式不可得',
    410: '请求的资源被永久删除，且不会再得到',
    500: '服务器发生错误',
    502: '网关错误',
    503: '服务不可用，服务器暂时过载或维护',
    504: '网关超时',
  },
  en: {
    0: 'The network connection was interrupted; the server did not respond',
    200: 'The server returned the requested data',
    201: 'The data was created or modified',
    202: 'The request was queued as a background task',
    204: 'The data was deleted',
    400: 'The request contains wrong information',
    401: 'No permission (the token is invalid or the login has expired)',
    402: 'The token has expired',
    403: 'Authorised, but access is forbidden',
    404: 'The resource does not exist',
    406: 'The requested format is not available',
    410: 'The resource was permanently deleted',
    500: 'Server error',
    502: 'Gateway error',
    503: 'Service unavailable; the server is overloaded or under maintenance',
    504: 'Gateway timeout',
  },
};

export function statusText(status: number, language: Language): string {
  return STATUS_TEXTS[language][status] ?? (language === 'en' ? `Request failed (${status})` : `请求失败（${status}）`);
}

/**
 * What a failed request tells the user: the message, and for a failure of the server (5xx) the id of
 * the request (X-Request-Id), which the user can quote so an administrator finds it in the logs.
 */
export function failureText(message: string, status: number, requestId: string | null, language: Language): string {
  if (status < 500 || !requestId) return message;
  return language === 'en' ? `${message} (Request ID: ${requestId})` : `${message}（请求编号：${requestId}）`;
}
