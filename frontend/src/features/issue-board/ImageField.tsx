import { ISSUE_MAX_PHOTOS } from '@forwarder/domain';
import { useMessages } from '@/shared/i18n';
import { ImageUploadField } from '@/shared/components/ImageUploadField';
import { MAX_IMAGE_MB } from './images';
import { issueBoardMessages } from './messages';

/**
 * 补充图片 of the issue and reply forms: at most two images of at most 10 MB, uploaded as they are picked
 * under the 文件上传中... message (the shared upload field). The value is the upload list.
 */
export function ImageField({ name = 'images' }: { name?: string }) {
  const t = useMessages(issueBoardMessages);
  return <ImageUploadField name={name} label={t('images')} maxCount={ISSUE_MAX_PHOTOS} maxMb={MAX_IMAGE_MB} uploadingNotice testId="bbs-image-upload" />;
}
