import type { UploadFile } from 'antd';
import type { UploadAnswer } from '@/features/questions';
import type { IssueFile } from './api';

export { imageIdsOf } from '@/features/questions';
export type { UploadAnswer };

/** The size setting of the upload (seed 2 §9: 10), in megabytes. */
export const MAX_IMAGE_MB = 10;
/** An image a record already has, as an uploaded entry of the upload field (so editing keeps it). */
export function uploadedFile(file: IssueFile): UploadFile<UploadAnswer> {
  const { url } = file;
  return {
    uid: `file-${file.id}`,
    name: file.fileName,
    status: 'done',
    url,
    response: { success: true, data: { id: file.id, fileName: file.fileName, filePath: file.filePath, url, size: 0, mimeType: '' } },
  };
}
