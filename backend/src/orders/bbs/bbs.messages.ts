import { defineMessages } from '../../common/messages.js';

/** Messages of this area (Chinese, English); registered in the catalogue of common/messages.ts when this file loads; area-messages.ts names its keys to the compiler. */
export const bbsMessages = defineMessages({
  bbsHandlerRequired: ['请选择处理人', 'Choose a handler'],
  bbsHandlerInactive: ['处理人不存在或已停用', 'The handler does not exist or is disabled'],
  bbsReplyRequired: ['请输入回复内容', 'Enter the reply'],
  bbsTextLength: ['内容不能超过 {max} 个字符', 'The text may not exceed {max} characters'],
  bbsStatusInvalid: ['问题状态无效', 'The issue status is invalid'],
  bbsOrderIdsInvalid: ['请选择 1 到 {max} 个订单', 'Choose 1 to {max} orders'],
  bbsOrderMismatch: ['问题不属于该订单', 'The issue does not belong to this order'],
  bbsShipTypeInvalid: ['运输方式无效', 'The shipping line is invalid'],
  bbsPhotoIdsInvalid: ['图片编号无效', 'The image ids are invalid'],
  bbsPhotosTooMany: ['最多只能添加 {max} 张图片', 'At most {max} images can be added'],
  bbsOnlyCreatorEdits: ['只有问题的发布人可以编辑或移除问题', 'Only the author of an issue may edit or remove it'],
  bbsOnlyCreatorCloses: ['只有问题的发布人可以关闭问题', 'Only the author of an issue may close it'],
  bbsOnlyReplyAuthor: ['只有回复人可以编辑或移除回复', 'Only the author of a reply may edit or remove it'],
  bbsEditOnlyWaiting: ['只有沟通中的问题可以编辑或移除', 'Only issues in discussion can be edited or removed'],
  bbsCloseOnlyHandling: ['只有处理中的问题可以关闭', 'Only issues being handled can be closed'],
  bbsCompleted: ['问题已关闭，不能再修改或回复', 'The issue is closed; it can no longer be changed or answered'],
  bbsClosed: ['问题已关闭', 'The issue is closed'],
  bbsRemoved: ['问题已移除', 'The issue was removed'],
  bbsReplyRemoved: ['回复已移除', 'The reply was removed'],
});
