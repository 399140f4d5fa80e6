import type { PermissionCode } from '@forwarder/domain';
import { Button, Divider, Drawer, Empty, Flex, Form, List, Space, Spin, Typography, type UploadFile } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSession } from '@/shared/session/store';
import { useMessages } from '@/shared/i18n';
import { ConfirmAction, listMessages, RowAction, useSave } from '@/shared/list';
import { hasPermission, useAccess } from '@/shared/permission';
import { addAnswer, deleteAnswer, deleteQuestion, useQuestionDetail, useRefreshQuestions, type Answer, type QuestionSummary } from './api';
import { AnswerEditDialog, QuestionEditDialog } from './EditDialogs';
import { questionMessages } from './messages';
import { ImageStrip, PlainText } from './PlainText';
import { AnswerFormFields } from './QuestionFormFields';
import { imageIdsOf, mayChange, type UploadAnswer } from './questionRules';

const time = (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm');

/** Who may change a post, from the signed-in user and their permissions. */
export function usePostRights() {
  const access = useAccess();
  const userId = useSession((state) => state.userId);
  const may = (permission: PermissionCode) => hasPermission([permission], access);
  return (post: { authorId: number }, kind: 'question' | 'answer', change: 'modify' | 'delete') => mayChange(post, userId, kind, change, may);
}

/** A question with its answers, oldest first, and the form to answer it. */
export function QuestionDetailDrawer({ questionId, onClose }: { questionId: number | null; onClose: () => void }) {
  const t = useMessages(questionMessages);
  const common = useMessages(listMessages);
  const detail = useQuestionDetail(questionId);
  const refresh = useRefreshQuestions();
  const rights = usePostRights();
  const mayAnswer = hasPermission(['question:reply'], useAccess());
  const [editingQuestion, setEditingQuestion] = useState<QuestionSummary | null>(null);
  const [editingAnswer, setEditingAnswer] = useState<Answer | null>(null);
  const reload = () => void refresh();
  const removeQuestion = useSave({
    save: deleteQuestion,
    onSaved: () => {
      void refresh();
      onClose();
    },
    onStale: reload,
  });
  const removeAnswer = useSave({ save: deleteAnswer, onSaved: reload, onStale: reload });
  const question = detail.data;

  return (
    <Drawer open={questionId !== null} size={760} title={t('detailTitle')} onClose={onClose} destroyOnHidden data-testid="question-detail">
      <Spin spinning={detail.isPending && questionId !== null}>
        {question ? (
          <>
            <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="question-detail-title">
              {question.title}
            </Typography.Title>
            <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
              <Typography.Text type="secondary">{t('askedBy', { name: question.authorName ?? '----', time: time(question.createdAt) })}</Typography.Text>
              <Space size={0}>
                {rights(question, 'question', 'modify') ? (
                  <RowAction onClick={() => setEditingQuestion(question)} testId="question-edit">
                    {common('edit')}
                  </RowAction>
                ) : null}
                {rights(question, 'question', 'delete') ? (
                  <ConfirmAction title={t('deleteQuestionConfirm')} onConfirm={() => removeQuestion.mutateAsync(question.id)} testId="question-delete" />
                ) : null}
              </Space>
            </Flex>
            <PlainText text={question.content} testId="question-detail-content" />
            <ImageStrip images={question.images} />
            <Divider titlePlacement="start">{t('answers', { count: question.answers.length })}</Divider>
            {question.answers.length ? (
              <List
                dataSource={question.answers}
                rowKey="id"
                renderItem={(answer) => (
                  <List.Item
                    data-testid={`answer-${answer.id}`}
                    actions={[
                      ...(rights(answer, 'answer', 'modify')
                        ? [
                            <Button key="edit" type="link" size="small" onClick={() => setEditingAnswer(answer)}>
                              {common('edit')}
                            </Button>,
                          ]
                        : []),
                      ...(rights(answer, 'answer', 'delete')
                        ? [<ConfirmAction key="delete" title={t('deleteAnswerConfirm')} onConfirm={() => removeAnswer.mutateAsync(answer.id)} />]
                        : []),
                    ]}
                  >
                    <List.Item.Meta
                      title={
                        <Typography.Text type="secondary">
                          {t('answeredBy', { name: answer.authorName ?? '----', time: time(answer.createdAt) })}
                        </Typography.Text>
                      }
                      description={
                        <>
                          <PlainText text={answer.content} />
                          <ImageStrip images={answer.images} />
                        </>
                      }
                    />
                  </List.Item>
                )}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noAnswers')} />
            )}
            {mayAnswer ? <AnswerForm questionId={question.id} /> : null}
          </>
        ) : null}
      </Spin>
      <QuestionEditDialog question={editingQuestion} onClose={() => setEditingQuestion(null)} />
      <AnswerEditDialog answer={editingAnswer} onClose={() => setEditingAnswer(null)} />
    </Drawer>
  );
}

interface AnswerForm {
  content: string;
  images?: UploadFile<UploadAnswer>[];
}

function AnswerForm({ questionId }: { questionId: number }) {
  const t = useMessages(questionMessages);
  const [form] = Form.useForm<AnswerForm>();
  const refresh = useRefreshQuestions();
  const mutation = useSave({
    save: ({ content, images }: AnswerForm) => addAnswer(questionId, { content, imageIds: imageIdsOf(images) }),
    form,
    onSaved: () => {
      form.resetFields();
      void refresh();
    },
    // the question was deleted meanwhile
    onStale: () => void refresh(),
  });
  return (
    <Form form={form} name="answer" layout="vertical" onFinish={(values) => mutation.mutate(values)} style={{ marginTop: 16 }}>
      <AnswerFormFields />
      <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="answer-submit">
        {t('answerSubmit')}
      </Button>
    </Form>
  );
}
