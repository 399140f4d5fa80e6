import { defineMessages } from '../../common/messages.js';

/** Messages of this area (Chinese, English); registered in the catalogue of common/messages.ts when this file loads; area-messages.ts names its keys to the compiler. */
export const issueBoardMessages = defineMessages({
  issueHandlerRequired: ['请选择处理人', 'Choose a handler'],
  issueHandlerInactive: ['处理人不存在或已停用', 'The handler does not exist or is disabled'],
  issueReplyRequired: ['请输入回复内容', 'Enter the reply'],
  issueTextLength: ['内容不能超过 {max} 个字符', 'The text may not exceed {max} characters'],
  issueStatusInvalid: ['问题状态无效', 'The issue status is invalid'],
  issueOrderIdsInvalid: ['请选择 1 到 {max} 个订单', 'Choose 1 to {max} orders'],
  issueOrderMismatch: ['问题不属于该订单', 'The issue does not belong to this order'],
  issueShipTypeInvalid: ['运输方式无效', 'The shipping line is invalid'],
  issuePhotoIdsInvalid: ['图片编号无效', 'The image ids are invalid'],
  issuePhotosTooMany: ['最多只能添加 {max} 张图片', 'At most {max} images can be added'],
  issueOnlyCreatorEdits: ['只有问题的发布人可以编辑或移除问题', 'Only the author of an issue may edit or remove it'],
  issueOnlyCreatorCloses: ['只有问题的发布人可以关闭问题', 'Only the author of an issue may close it'],
  issueOnlyReplyAuthor: ['只有回复人可以编辑或移除回复', 'Only the author of a reply may edit or remove it'],
  issueEditOnlyWaiting: ['只有沟通中的问题可以编辑或移除', 'Only issues in discussion can be edited or removed'],
  issueCloseOnlyHandling: ['只有处理中的问题可以关闭', 'Only issues being handled can be closed'],
  issueCompleted: ['问题已关闭，不能再修改或回复', 'The issue is closed; it can no longer be changed or answered'],
  issueClosed: ['问题已关闭', 'The issue is closed'],
  issueRemoved: ['问题已移除', 'The issue was removed'],
  issueReplyRemoved: ['回复已移除', 'The reply was removed'],
});
