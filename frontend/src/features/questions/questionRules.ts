import { QUESTION_SCOPES, type QuestionScope } from '@forwarder/domain';
import type { PermissionCode } from '@forwarder/domain';
import type { UploadFile } from 'antd';
import type { Schema } from '@/shared/api';

/**
 * The rules of the forum screens that need no server: which list a route shows, who may change a
 * question or an answer (docs/api.md, Questions), and the images a form holds.
 */

export const TITLE_MAX_LENGTH = 200;
export const CONTENT_MAX_LENGTH = 5000;
export const MAX_IMAGES = 2;

/** /question/notreply → notreply (unanswered), /question/reply → answered, /question/all → all. */
export function questionScopeOf(path: string): QuestionScope | null {
  const last = path.replace(/\/+$/, '').split('/').at(-1) ?? '';
  return (QUESTION_SCOPES as readonly string[]).includes(last) ? (last as QuestionScope) : null;
}

/**
 * Authors change their own posts (with the code that let them post: question:add for questions,
 * question:reply for answers); anyone else needs question:modify or question:delete.
 */
export function mayChange(
  post: { authorId: number },
  userId: string | null,
  kind: 'question' | 'answer',
  change: 'modify' | 'delete',
  may: (permission: PermissionCode) => boolean,
): boolean {
  if (may(`question:${change}`)) return true;
  return userId !== null && String(post.authorId) === userId && may(kind === 'question' ? 'question:add' : 'question:reply');
}

/** A stored image as the server describes it. */
export type StoredImage = Schema<'StoredFileView'>;

/** The answer of `POST /file/update`, kept on the upload entry. */
export interface UploadAnswer {
  success?: boolean;
  message?: string;
  data?: StoredImage;
}

/** An image a record already has, as an uploaded entry of the upload field. */
export function uploadedImage(image: StoredImage): UploadFile<UploadAnswer> {
  return { uid: `image-${image.id}`, name: image.fileName, status: 'done', url: image.url, response: { success: true, data: image } };
}

/** The ids of the images uploaded and kept in the field. */
export function imageIdsOf(files: readonly UploadFile<UploadAnswer>[] | undefined): number[] {
  return (files ?? []).flatMap((file) => (file.status === 'done' && file.response?.data ? [file.response.data.id] : []));
}
