import { PlusOutlined } from '@ant-design/icons';
import { App, Form, Upload, type FormRule, type UploadFile } from 'antd';
import { getLanguage, useMessages } from '@/shared/i18n';
import { getToken } from '@/shared/request';
import { API_BASE } from '@/shared/request/client';
import { statusText } from '@/shared/request/statusText';
import { flattenValidationMessage } from '@/shared/request/validationMessage';
import { questionMessages } from './messages';
import { MAX_IMAGES, type UploadAnswer } from './questionRules';

type ImageFile = UploadFile<UploadAnswer>;

/**
 * Up to two images of a question or an answer, uploaded as they are picked (`POST /file/update`, field
 * `file`). The form value is the upload list; `imageIdsOf` turns it into the ids the server takes.
 */
export function ImageUploadField({ name = 'images' }: { name?: string }) {
  const t = useMessages(questionMessages);
  const { message } = App.useApp();
  const files = Form.useWatch<ImageFile[] | undefined>(name, Form.useFormInstance());
  const notUploading: FormRule = {
    validator: (_, files: ImageFile[] | undefined) =>
      files?.some((file) => file.status === 'uploading') ? Promise.reject(new Error(t('stillUploading'))) : Promise.resolve(),
  };
  const keepUploaded = ({ file, fileList }: { file: ImageFile; fileList: ImageFile[] }) => {
    if (file.status !== 'error') return fileList;
    const reason = file.response?.message ? flattenValidationMessage(file.response.message, getLanguage()) : statusText(file.error?.status ?? 0, getLanguage());
    message.error(t('uploadFailed', { name: file.name, reason }));
    return fileList.filter((entry) => entry.uid !== file.uid);
  };
  const token = getToken();
  return (
    <Form.Item name={name} label={t('images')} extra={t('imagesHint', { max: MAX_IMAGES })} valuePropName="fileList" getValueFromEvent={keepUploaded} rules={[notUploading]}>
      <Upload<UploadAnswer>
        name="file"
        action={`${API_BASE}/file/update`}
        headers={{ ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Accept-Language': getLanguage() === 'en' ? 'en' : 'zh-CN' }}
        accept="image/*"
        listType="picture-card"
        maxCount={MAX_IMAGES}
        beforeUpload={(file) => {
          if (file.type.startsWith('image/')) return true;
          message.error(t('notImage'));
          return Upload.LIST_IGNORE;
        }}
      >
        {(files?.length ?? 0) < MAX_IMAGES ? (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }} data-testid="image-upload">
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('upload')}</div>
          </button>
        ) : null}
      </Upload>
    </Form.Item>
  );
}
