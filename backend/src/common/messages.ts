import { requestContext, type Lang } from './request-context.js';

/**
 * Every message the server sends to a user, in Chinese and English. A message is a key here, never a
 * literal in a service, so both languages stay complete.
 */
const catalogue = {
  ok: ['操作成功', 'Operation successful'],
  validationFailed: ['请求信息错误', 'The request is invalid'],
  unauthorized: ['未登录或登录已过期，请重新登录', 'Not signed in or the session has expired; please sign in again'],
  sessionReplaced: ['该账号已在其他地方登录，您已被迫下线', 'This account signed in elsewhere; you have been signed out'],
  sessionEnded: ['登录已失效，请重新登录', 'The session has ended; please sign in again'],
  invalidRefreshToken: ['刷新令牌无效或已过期，请重新登录', 'The refresh token is invalid or expired; please sign in again'],
  forbidden: ['没有权限执行此操作', 'You are not allowed to do this'],
  notFound: ['资源不存在', 'Not found'],
  routeNotFound: ['接口不存在：{path}', 'No such API: {path}'],
  staleVersion: ['数据已被他人修改，请刷新后重试', 'Someone else changed this record; reload and try again'],
  serverError: ['服务器错误，请稍后重试', 'Server error; please try again later'],
  loginBadPayload: ['登录信息无法解密，请刷新页面后重试', 'The sign-in data could not be decrypted; reload the page and try again'],
  loginFailed: ['账号或密码错误，还可尝试 {left} 次', 'Wrong account or password; {left} attempts left'],
  loginLocked: ['登录失败次数过多，账号已锁定，请 {minutes} 分钟后再试', 'Too many failed attempts; the account is locked, try again in {minutes} minutes'],
  accountDisabled: ['账号已停用，请联系管理员', 'The account is disabled; contact an administrator'],
  accountRequired: ['账号不能为空', 'The account cannot be empty'],
  passwordRequired: ['密码不能为空', 'The password cannot be empty'],
  passwordLength: ['密码长度为 6 到 20 位', 'The password must be 6 to 20 characters'],
  oldPasswordRequired: ['请输入原密码！', 'Please enter the old password!'],
  oldPasswordFormat: ['原密码格式错误！', 'The old password format is wrong!'],
  newPasswordRequired: ['请输入新密码！', 'Please enter the new password!'],
  newPasswordFormat: ['新密码格式错误！', 'The new password format is wrong!'],
  oldPasswordWrong: ['原密码错误', 'The old password is wrong'],
  newPasswordSame: ['新密码不能与原密码相同', 'The new password must differ from the old one'],
  passwordChanged: ['修改成功，下次登录切记使用新密码哦！！！', 'Changed; remember to use the new password next time!!!'],
  fileRequired: ['请选择要上传的文件', 'Choose a file to upload'],
  fileTooLarge: ['文件大小不能超过 {mb} MB', 'The file must not exceed {mb} MB'],
  fileTypeNotAllowed: ['不支持的文件类型：{type}', 'File type not allowed: {type}'],
  pageInvalid: ['分页参数错误', 'Invalid paging parameters'],
  wechatUnbound: ['微信小程序解绑成功', 'Mini-program unbound'],
} as const satisfies Record<string, readonly [string, string]>;

export type MessageKey = keyof typeof catalogue;

export function t(key: MessageKey, params: Record<string, string | number> = {}, lang: Lang = requestContext.lang()): string {
  const template = catalogue[key][lang === 'en' ? 1 : 0];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
