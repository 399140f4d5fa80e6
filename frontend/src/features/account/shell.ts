import { lazyOpenDialog } from '@/shared/components/lazyDialog';

/** What the shell places of the account area: the avatar menu's actions and dialogs, the change-password page's dialog. */
export { unbindWechat } from './api';
export { accountMessages } from './messages';

// loaded when first opened: not with the shell's first screen
export const ProfileDialog = lazyOpenDialog(async () => (await import('./ProfileDialog')).ProfileDialog);
export const ChangePasswordDialog = lazyOpenDialog(async () => (await import('./ChangePasswordDialog')).ChangePasswordDialog);
