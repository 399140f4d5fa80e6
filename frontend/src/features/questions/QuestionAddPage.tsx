import { Card, Form, type UploadFile } from 'antd';
import { useMessages } from '@/shared/i18n';
import { AddFormButtons, useAddForm } from '@/shared/list';
import { addQuestion, useRefreshQuestions } from './api';
import { questionMessages } from './messages';
import { QuestionFormFields } from './QuestionFormFields';
import { imageIdsOf, type UploadAnswer } from './questionRules';

interface QuestionForm {
  title: string;
  content: string;
  images?: UploadFile<UploadAnswer>[];
}

/** /question/add: post a question (title, content, up to two images). */
export function QuestionAddPage() {
  const t = useMessages(questionMessages);
  const refresh = useRefreshQuestions();
  const { form, submit, isSaving } = useAddForm({
    save: ({ title, content, images }: QuestionForm) => addQuestion({ title, content, imageIds: imageIdsOf(images) }),
    savedMessage: t('posted'),
    onAdded: () => void refresh(),
  });
  return (
    <Card title={t('addTitle')} data-testid="question-add-page">
      <Form form={form} name="questionAdd" layout="vertical" onFinish={submit} style={{ maxWidth: 800 }}>
        <QuestionFormFields />
        <AddFormButtons submitLabel={t('submit')} resetLabel={t('resetForm')} isSaving={isSaving} submitTestId="question-submit" />
      </Form>
    </Card>
  );
}
