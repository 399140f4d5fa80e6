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

/** An edit dialog of a post: its text and images, saved with the `ver` it was read with. */
function PostEditDialog({
  post,
  formName,
  title,
  save,
  onClose,
  children,
}: {
  post: Post | null;
  /** prefixes the ids of the form's fields */
  formName: string;
  title: string;
  save: (post: Post, values: PostForm) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useMessages(questionMessages);
  const refresh = useRefreshQuestions();
  const dialog = useFormDialog({
    save: (values: PostForm) => save(post!, values),
    onSaved: () => void refresh(),
    onClose,
    opening: { open: post !== null, record: post, valuesOf: formOf, blank: {} },
  });

  return (
    <FormDialog dialog={dialog} width={640} title={title} okText={t('submit')} submitTestId="post-edit-submit" formName={formName}>
      {children}
    </FormDialog>
  );
}

export function QuestionEditDialog({ question, onClose }: { question: QuestionSummary | null; onClose: () => void }) {
  const t = useMessages(questionMessages);
  return (
    <PostEditDialog
      post={question}
      formName="questionEdit"
      title={t('editTitle', { id: question?.id ?? '' })}
      save={(post, values) =>
        updateQuestion({ id: post.id, ver: post.ver, title: values.title ?? '', content: values.content, imageIds: imageIdsOf(values.images) })
      }
      onClose={onClose}
    >
      <QuestionFormFields />
    </PostEditDialog>
  );
}

export function AnswerEditDialog({ answer, onClose }: { answer: Answer | null; onClose: () => void }) {
  const t = useMessages(questionMessages);
  return (
    <PostEditDialog
      post={answer}
      formName="answerEdit"
      title={t('answerEditTitle', { id: answer?.id ?? '' })}
      save={(post, values) => updateAnswer({ id: post.id, ver: post.ver, content: values.content, imageIds: imageIdsOf(values.images) })}
      onClose={onClose}
    >
      <AnswerFormFields />
    </PostEditDialog>
  );
}
