import { Button, Card, Form, Space, type UploadFile } from 'antd';
import { useMessages } from '@/shared/i18n';
import { useSave } from '@/shared/list';
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
  const [form] = Form.useForm<QuestionForm>();
  const refresh = useRefreshQuestions();
  const mutation = useSave({
    save: ({ title, content, images }: QuestionForm) => addQuestion({ title, content, imageIds: imageIdsOf(images) }),
    savedMessage: t('posted'),
    form,
    onSaved: () => {
      form.resetFields();
      void refresh();
    },
  });
  return (
    <Card title={t('addTitle')} data-testid="question-add-page">
      <Form form={form} name="questionAdd" layout="vertical" onFinish={(values) => mutation.mutate(values)} style={{ maxWidth: 800 }}>
        <QuestionFormFields />
        <Space>
          <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="question-submit">
            {t('submit')}
          </Button>
          <Button onClick={() => form.resetFields()}>{t('resetForm')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
