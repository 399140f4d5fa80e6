import { lazyOpenDialog } from '@/shared/components/lazyDialog';

/** What the shell places of the dictionaries area: the avatar menu's 批量修改字典 entry and its dialog. */
export { dictMessages } from './batchMessages';

// loaded when first opened: not with the shell's first screen
export const BatchDictDialog = lazyOpenDialog(async () => (await import('./BatchDictDialog')).BatchDictDialog);
