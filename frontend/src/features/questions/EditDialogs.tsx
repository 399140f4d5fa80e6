import type { UploadFile } from 'antd';
import type { ReactNode } from 'react';
import { useMessages } from '@/shared/i18n';
import { FormDialog, useFormDialog } from '@/shared/list';
import { updateAnswer, updateQuestion, useRefreshQuestions, type Answer, type QuestionSummary } from './api';
import { questionMessages } from './messages';
import { AnswerFormFields, QuestionFormFields } from './QuestionFormFields';
import { imageIdsOf, uploadedImage, type UploadAnswer } from './questionRules';

interface PostForm {
  title?: string;
  content: string;
  images?: UploadFile<UploadAnswer>[];
}

interface Post {
  id: number;
  ver: number;
  content: string;
  images: QuestionSummary['images'];
  title?: string;
}

const formOf = (post: Post): PostForm => ({ title: post.title, content: post.content, images: post.images.map(uploadedImage) });

/** What differs between editing a question and an answer: the form's name, the title, the fields and the save. */
interface PostKind {
  /** prefixes the ids of the form's fields */
  formName: string;
  title: 'editTitle' | 'answerEditTitle';
  Fields: () => ReactNode;
  save: (post: Post, values: PostForm) => Promise<unknown>;
}

const POSTS: Record<'question' | 'answer', PostKind> = {
  question: {
    formName: 'questionEdit',
    title: 'editTitle',
    Fields: QuestionFormFields,
    save: (post: Post, { title, content, images }: PostForm) =>
      updateQuestion({ id: post.id, ver: post.ver, title: title ?? '', content, imageIds: imageIdsOf(images) }),
  },
  answer: {
    formName: 'answerEdit',
    title: 'answerEditTitle',
    Fields: AnswerFormFields,
    save: (post: Post, { content, images }: PostForm) => updateAnswer({ id: post.id, ver: post.ver, content, imageIds: imageIdsOf(images) }),
  },
};

/** An edit dialog of a post (its `kind`): its text and images, saved with the `ver` it was read with. */
function PostEditDialog({ kind, post, onClose }: { kind: keyof typeof POSTS; post: Post | null; onClose: () => void }) {
  const t = useMessages(questionMessages);
  const refresh = useRefreshQuestions();
  const { formName, title, Fields, save } = POSTS[kind];
  const dialog = useFormDialog({
    save: (values: PostForm) => save(post!, values),
    onSaved: () => void refresh(),
    onClose,
    opening: { open: post !== null, record: post, valuesOf: formOf, blank: {} },
  });

  return (
    <FormDialog dialog={dialog} width={640} title={t(title, { id: post?.id ?? '' })} okText={t('submit')} submitTestId="post-edit-submit" formName={formName}>
      <Fields />
    </FormDialog>
  );
}

export function QuestionEditDialog({ question, onClose }: { question: QuestionSummary | null; onClose: () => void }) {
  return <PostEditDialog kind="question" post={question} onClose={onClose} />;
}

export function AnswerEditDialog({ answer, onClose }: { answer: Answer | null; onClose: () => void }) {
  return <PostEditDialog kind="answer" post={answer} onClose={onClose} />;
}
