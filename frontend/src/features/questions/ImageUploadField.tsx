import { useMessages } from '@/shared/i18n';
import { ImageUploadField as ImagesField } from '@/shared/components/ImageUploadField';
import { questionMessages } from './messages';
import { MAX_IMAGES } from './questionRules';

/**
 * Up to two images of a question or an answer (the shared upload field). The form value is the upload
 * list; `imageIdsOf` turns it into the ids the server takes.
 */
export function ImageUploadField({ name = 'images' }: { name?: string }) {
  const t = useMessages(questionMessages);
  return <ImagesField name={name} label={t('images')} hint={t('imagesHint', { max: MAX_IMAGES })} maxCount={MAX_IMAGES} testId="image-upload" />;
}
