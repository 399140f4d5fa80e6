import { Form, Input } from 'antd';
import { useMessages } from '@/shared/i18n';
import { ImageUploadField } from './ImageUploadField';
import { questionMessages } from './messages';
import { CONTENT_MAX_LENGTH, TITLE_MAX_LENGTH } from './questionRules';

/** Title, content and images of a question (the add page and the edit dialog), with the server's limits. */
export function QuestionFormFields() {
  const t = useMessages(questionMessages);
  return (
    <>
      <Form.Item
        name="title"
        label={t('title')}
        rules={[
          { required: true, whitespace: true, message: t('titleRequired') },
          { max: TITLE_MAX_LENGTH, message: t('titleLength', { max: TITLE_MAX_LENGTH }) },
        ]}
      >
        <Input maxLength={TITLE_MAX_LENGTH} placeholder={t('titlePlaceholder')} data-testid="question-title" />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('content')}
        rules={[
          { required: true, whitespace: true, message: t('contentRequired') },
          { max: CONTENT_MAX_LENGTH, message: t('contentLength', { max: CONTENT_MAX_LENGTH }) },
        ]}
      >
        <Input.TextArea
          maxLength={CONTENT_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 5, maxRows: 16 }}
          placeholder={t('contentPlaceholder')}
          data-testid="question-content"
        />
      </Form.Item>
      <ImageUploadField />
    </>
  );
}

/** The content and images of an answer (the answer form and its edit dialog). */
export function AnswerFormFields() {
  const t = useMessages(questionMessages);
  return (
    <>
      <Form.Item
        name="content"
        label={t('answerContent')}
        rules={[
          { required: true, whitespace: true, message: t('answerRequired') },
          { max: CONTENT_MAX_LENGTH, message: t('answerLength', { max: CONTENT_MAX_LENGTH }) },
        ]}
      >
        <Input.TextArea
          maxLength={CONTENT_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 4, maxRows: 12 }}
          placeholder={t('answerPlaceholder')}
          data-testid="answer-content"
        />
      </Form.Item>
      <ImageUploadField />
    </>
  );
}
