import { Form, Modal, type UploadFile } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useMessages } from '@/shared/i18n';
import { useSave } from '@/shared/list';
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
  const [form] = Form.useForm<PostForm>();
  const refresh = useRefreshQuestions();
  const done = () => {
    void refresh();
    onClose();
  };
  const mutation = useSave({ save: (values: PostForm) => save(post!, values), form, onSaved: done, onStale: done });

  useEffect(() => {
    if (!post) return;
    form.resetFields();
    form.setFieldsValue({ title: post.title, content: post.content, images: post.images.map(uploadedImage) });
  }, [post, form]);

  return (
    <Modal
      open={post !== null}
      width={640}
      title={title}
      okText={t('submit')}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'post-edit-submit' }}
      destroyOnHidden
    >
      <Form form={form} name={formName} layout="vertical" onFinish={(values) => mutation.mutate(values)}>
        {children}
      </Form>
    </Modal>
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
