import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Form, Upload, type FormRule, type UploadFile } from 'antd';
import type { ReactNode } from 'react';
import { defineMessages, getLanguage, useMessages } from '@/shared/i18n';
import { uploadFile, type RequestError } from '@/shared/request';
import { statusText } from '@/shared/request/statusText';
import { flattenValidationMessage } from '@/shared/request/validationMessage';

const uploadMessages = defineMessages(
  {
    upload: '上传',
    uploading: '文件上传中...',
    notImage: '只能上传图片',
    tooLarge: '图片大小不能超过 {size}MB',
    uploadFailed: '{name} 上传失败：{reason}',
    stillUploading: '图片上传中，请稍候',
  },
  {
    upload: 'Upload',
    uploading: 'Uploading file...',
    notImage: 'Only images can be uploaded',
    tooLarge: 'An image must not exceed {size} MB',
    uploadFailed: '{name} was not uploaded: {reason}',
    stillUploading: 'Images are still uploading; please wait',
  },
);

/** An entry of the list: the answer of `POST /file/update` (the envelope) as its response. */
type UploadAnswer = { success?: boolean; message?: string; data?: unknown };
type ImageFile = UploadFile<UploadAnswer>;

const UPLOADING_KEY = 'image-uploading';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';
/**
 * What an upload is for, as the server's upload policy names it (`POST /file/update?use=`), and the files
 * the picker offers for it: pictures, or documents (pictures, PDF, Word, Excel). The server reads each
 * file's type from its content and has the last word.
 */
const UPLOADS = {
  image: { use: 'image', accept: IMAGE_TYPES },
  document: { use: 'document', accept: `${IMAGE_TYPES},.pdf,.xlsx,.xls,.docx,.doc` },
} as const;

/** Why a picked file is refused before uploading: not an image (unless `anyFile`), or larger than `maxMb` megabytes. */
export function imageRefusal(file: { type: string; size: number }, maxMb?: number, anyFile = false): 'notImage' | 'tooLarge' | null {
  if (!anyFile && !file.type.startsWith('image/')) return 'notImage';
  return maxMb !== undefined && file.size > maxMb * 1024 * 1024 ? 'tooLarge' : null;
}

interface Props {
  /** the form field; its value is the upload list */
  name?: string;
  label: ReactNode;
  maxCount: number;
  /** refuse images larger than this many megabytes before uploading */
  maxMb?: number;
  /** the line under the field */
  hint?: ReactNode;
  /** show 文件上传中... while a file uploads */
  uploadingNotice?: boolean;
  /** documents (vouchers: scans, PDFs, Word, Excel), listed by name, several picked at once; by default images only, as pictures */
  anyFile?: boolean;
  testId: string;
}

/**
 * Images (or, with `anyFile`, documents) of a form, uploaded as they are picked (`POST /file/update`, field
 * `file`): at most `maxCount` (and `maxMb` each), a failed upload dropped with the server's reason, and
 * the form refused while one is still uploading. The form value is the upload list.
 */
export function ImageUploadField({ name = 'images', label, maxCount, maxMb, hint, uploadingNotice = false, anyFile = false, testId }: Props) {
  const t = useMessages(uploadMessages);
  const { message } = App.useApp();
  const files = Form.useWatch<ImageFile[] | undefined>(name, Form.useFormInstance());
  const notUploading: FormRule = {
    validator: (_, value: ImageFile[] | undefined) =>
      value?.some((file) => file.status === 'uploading') ? Promise.reject(new Error(t('stillUploading'))) : Promise.resolve(),
  };
  const keepUploaded = ({ file, fileList }: { file: ImageFile; fileList: ImageFile[] }) => {
    if (uploadingNotice) {
      if (fileList.some((entry) => entry.status === 'uploading')) message.open({ key: UPLOADING_KEY, type: 'loading', content: t('uploading'), duration: 0 });
      else message.destroy(UPLOADING_KEY);
    }
    if (file.status !== 'error') return fileList;
    const reason = file.response?.message ? flattenValidationMessage(file.response.message, getLanguage()) : statusText(file.error?.status ?? 0, getLanguage());
    message.error(t('uploadFailed', { name: file.name, reason }));
    return fileList.filter((entry) => entry.uid !== file.uid);
  };
  const upload = anyFile ? UPLOADS.document : UPLOADS.image;
  return (
    <Form.Item name={name} label={label} extra={hint} valuePropName="fileList" getValueFromEvent={keepUploaded} rules={[notUploading]}>
      <Upload<UploadAnswer>
        name="file"
        // through the request layer: an upload is a create, sent under an Idempotency-Key and again if its answer was lost
        customRequest={({ file, onSuccess, onError }) =>
          void uploadFile(`/file/update?use=${upload.use}`, file as File).then(
            ({ data, message }) => onSuccess?.({ success: true, message, data }),
            (error: RequestError) => onError?.(error, { message: error.message }),
          )
        }
        accept={upload.accept}
        listType={anyFile ? 'text' : 'picture-card'}
        multiple={anyFile}
        maxCount={maxCount}
        beforeUpload={(file) => {
          const refusal = imageRefusal(file, maxMb, anyFile);
          if (!refusal) return true;
          message.error(t(refusal, { size: maxMb ?? 0 }));
          return Upload.LIST_IGNORE;
        }}
      >
        {(files?.length ?? 0) >= maxCount ? null : anyFile ? (
          <Button icon={<UploadOutlined />} data-testid={testId}>
            {t('upload')}
          </Button>
        ) : (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }} data-testid={testId}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('upload')}</div>
          </button>
        )}
      </Upload>
    </Form.Item>
  );
}
