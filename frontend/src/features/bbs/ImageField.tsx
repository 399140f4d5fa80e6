import { useMessages } from '@/shared/i18n';
import { ImageUploadField } from '@/shared/components/ImageUploadField';
import { MAX_IMAGE_MB, MAX_IMAGES } from './images';
import { bbsMessages } from './messages';

/**
 * 补充图片 of the issue and reply forms: at most two images of at most 10 MB, uploaded as they are picked
 * under the 文件上传中... message (the shared upload field). The value is the upload list.
 */
export function ImageField({ name = 'images' }: { name?: string }) {
  const t = useMessages(bbsMessages);
  return <ImageUploadField name={name} label={t('images')} maxCount={MAX_IMAGES} maxMb={MAX_IMAGE_MB} uploadingNotice testId="bbs-image-upload" />;
}
