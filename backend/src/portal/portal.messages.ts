import { defineMessages } from '../common/messages.js';

/** The customer portal's messages (Chinese, English); registered when this file loads, named in area-messages.ts. */
export const portalMessages = defineMessages({
  portalNameRequired: ['请输入您的姓名（最多 50 个字符）', 'Enter your name (at most 50 characters)'],
  portalAccountInvalid: ['请输入手机号或电子邮箱', 'Enter a mobile number or an e-mail address'],
  portalAccountTaken: ['该手机号或邮箱已绑定门户账号，请直接登录', 'This mobile number or e-mail already has a portal account: sign in instead'],
  portalPasswordRequired: ['请输入密码', 'Enter the password'],
  portalPasswordUnreadable: ['密码无法解密，请刷新页面后重试', 'The password could not be decrypted; reload the page and try again'],
  portalPasswordLength: ['密码长度为 {min}–{max} 个字符', 'The password must be {min}–{max} characters long'],
  portalLoginFailed: ['账号或密码错误', 'Wrong account or password'],
  portalBound: ['绑定成功', 'Bound'],
  portalSignedOut: ['已退出', 'Signed out'],
  portalLineInvalid: ['请选择运输线路', 'Choose a shipping line'],
  portalStageInvalid: ['阶段无效', 'Unknown stage'],
  portalKeywordLength: ['搜索内容最多 50 个字符', 'Search text: at most 50 characters'],
  portalPortInvalid: ['请选择该线路的港口', "Choose one of the line's ports"],
  portalConsigneeRequired: ['请输入收货人（最多 200 个字符）', 'Enter the consignee (at most 200 characters)'],
  portalGoodsRequired: ['请输入货物名称（最多 200 个字符）', 'Enter the goods (at most 200 characters)'],
  portalPackagesInvalid: ['件数为 1–100000 的整数', 'Packages: a whole number from 1 to 100000'],
  portalWeightInvalid: ['重量为大于 0 的数字（kg，最多 3 位小数）', 'Weight: a number above 0 (kg, at most 3 decimals)'],
  portalRemarkLength: ['备注最多 1000 个字符', 'Remark: at most 1000 characters'],
  portalPrealertSent: ['预报已提交，业务员将尽快确认', 'Pre-alert sent: your salesman will check it shortly'],
  portalPrealertNoSalesman: ['贵司暂无负责的业务员，请联系我们', 'Your company has no salesman at the moment; please contact us'],
  portalPrealertTrack: ['客户门户预报', 'Pre-alert from the customer portal'],
  portalDocumentName: ['{kind} {no}', '{kind} {no}'],
});
