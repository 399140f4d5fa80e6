import { defineMessages } from '../common/messages.js';

/** Messages of the users' own screen arrangements (Chinese, English); area-messages.ts names their keys to the compiler. */
export const preferencesMessages = defineMessages({
  preferenceNameInvalid: ['设置名须为 1–{max} 个字母、数字或 . _ : - 字符', 'A setting name must be 1–{max} letters, digits or . _ : - characters'],
  preferenceTooLarge: ['设置内容过大（最多 {max} 字节）', 'The setting is too large (at most {max} bytes)'],
  preferenceTooMany: ['已保存的设置过多（最多 {max} 项）', 'Too many saved settings (at most {max})'],
});
