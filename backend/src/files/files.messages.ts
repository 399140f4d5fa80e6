import { defineMessages } from '../common/messages.js';

/** Messages of uploads and attachments (Chinese, English); registered in the catalogue of common/messages.ts when this file loads; area-messages.ts names its keys to the compiler. */
export const filesMessages = defineMessages({
  fileUploadMalformed: ['上传的数据无法读取，请重新选择文件上传', 'The upload could not be read; choose the file again'],
  fileFormFieldTooLong: [
    '上传表单中的字段过长：名称最多 {name} 字节，内容最多 {value} 字节',
    'A field of the upload form is too long: names at most {name} bytes, values at most {value} bytes',
  ],
  fileUseInvalid: ['上传用途无效：{use}（可选 {uses}）', 'Unknown upload use: {use} (one of {uses})'],
  fileContentNotAllowed: ['文件内容不是此处允许的类型（{types}）', "The file's content is not a type allowed here ({types})"],
  fileContentHasMarkup: ['文件中含有网页或脚本内容，不能上传', 'The file contains web page or script content and cannot be uploaded'],
  fileNotAttachable: ['文件不存在、不是您上传的或已用于其他记录：{ids}', 'No such file of yours that is free to attach: {ids}'],
  fileWrongTypeHere: ['此处只能使用 {types} 文件：{ids}', 'Only {types} files can be used here: {ids}'],
  fileTooLargeHere: ['此处的文件不能超过 {mb} MB：{ids}', 'Files here may not exceed {mb} MB: {ids}'],
  fileUserQuotaExceeded: [
    '您上传的文件已达配额：已用 {used} MB，上限 {quota} MB。未用于任何记录的文件会按时自动清理；如需更多空间，请联系管理员提高配额',
    'Your uploaded files have reached your quota: {used} MB used of {quota} MB. Files no record uses are removed in time; for more room, ask your administrator to raise the quota',
  ],
  fileTotalQuotaExceeded: [
    '系统的上传文件总量已达上限：已用 {used} MB，上限 {quota} MB，请联系管理员',
    'Uploaded files have reached the system-wide limit: {used} MB used of {quota} MB; tell your administrator',
  ],
  fileLinkInvalid: ['文件链接无效或已过期，请刷新页面后重试', 'The file link is invalid or has expired; reload the page and try again'],
});
