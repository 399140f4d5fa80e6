import type { UploadFile } from 'antd';
import type { UploadAnswer } from '@/features/questions/questionRules';
import type { BbsFile } from './api';

export { imageIdsOf } from '@/features/questions/questionRules';
export type { UploadAnswer };

export const MAX_IMAGES = 2;
/** The size setting of the upload (seed 2 §9: 10), in megabytes. */
export const MAX_IMAGE_MB = 10;
/** Where uploaded files are served (the server's FILE_BASE_URL default); a file's filePath follows it. */
const FILE_BASE_URL = '/files';

export function fileUrl(file: BbsFile): string {
  return file.url ?? `${FILE_BASE_URL}/${file.filePath}`;
}

/** An image a record already has, as an uploaded entry of the upload field (so editing keeps it). */
export function uploadedFile(file: BbsFile): UploadFile<UploadAnswer> {
  const url = fileUrl(file);
  return {
    uid: `file-${file.id}`,
    name: file.fileName,
    status: 'done',
    url,
    response: { success: true, data: { id: file.id, fileName: file.fileName, filePath: file.filePath, url, size: 0, mimeType: '' } },
  };
}
