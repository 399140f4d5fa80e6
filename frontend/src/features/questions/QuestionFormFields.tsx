import { Form, Input } from 'antd';
import { TextField, textRules } from '@/shared/components/TextField';
import { useMessages } from '@/shared/i18n';
import { ImageUploadField } from './ImageUploadField';
import { questionMessages } from './messages';
import { CONTENT_MAX_LENGTH, TITLE_MAX_LENGTH } from './questionRules';

/** The texts and the box of a post's content, a question's or an answer's. */
const CONTENTS = {
  question: {
    label: 'content',
    required: 'contentRequired',
    length: 'contentLength',
    placeholder: 'contentPlaceholder',
    rows: { minRows: 5, maxRows: 16 },
    testId: 'question-content',
  },
  answer: {
    label: 'answerContent',
    required: 'answerRequired',
    length: 'answerLength',
    placeholder: 'answerPlaceholder',
    rows: { minRows: 4, maxRows: 12 },
    testId: 'answer-content',
  },
} as const;

/** The content of a post: required, at most CONTENT_MAX_LENGTH characters, counted as one types. */
function ContentField({ post }: { post: keyof typeof CONTENTS }) {
  const t = useMessages(questionMessages);
  const { label, required, length, placeholder, rows, testId } = CONTENTS[post];
  return (
    <Form.Item name="content" label={t(label)} rules={textRules(CONTENT_MAX_LENGTH, t(length, { max: CONTENT_MAX_LENGTH }), t(required))}>
      <Input.TextArea maxLength={CONTENT_MAX_LENGTH} showCount autoSize={rows} placeholder={t(placeholder)} data-testid={testId} />
    </Form.Item>
  );
}

/** Title, content and images of a question (the add page and the edit dialog), with the server's limits. */
export function QuestionFormFields() {
  const t = useMessages(questionMessages);
  return (
    <>
      <TextField
        name="title"
        label={t('title')}
        max={TITLE_MAX_LENGTH}
        lengthMessage={t('titleLength', { max: TITLE_MAX_LENGTH })}
        requiredMessage={t('titleRequired')}
        placeholder={t('titlePlaceholder')}
        testId="question-title"
      />
      <ContentField post="question" />
      <ImageUploadField />
    </>
  );
}

/** The content and images of an answer (the answer form and its edit dialog). */
export function AnswerFormFields() {
  return (
    <>
      <ContentField post="answer" />
      <ImageUploadField />
    </>
  );
}
