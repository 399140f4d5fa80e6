import { type QuestionScope } from '@forwarder/domain';
import { Button, Result, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { usePageRoute } from '@/shared/routing/pageRoute';
import { useMessages } from '@/shared/i18n';
import { actionsColumn, ConfirmAction, listMessages, ListPage, RowAction, SearchText, usePagedList, useSave } from '@/shared/list';
import { deleteQuestion, QUESTION_LIST_PATH, useRefreshQuestions, type QuestionFilters, type QuestionSummary } from './api';
import { QuestionEditDialog } from './EditDialogs';
import { questionMessages } from './messages';
import { QuestionDetailDrawer, usePostRights } from './QuestionDetailDrawer';
import { questionScopeOf } from './questionRules';
import { minuteOrEmpty } from '@/shared/format/empty';

/** The one screen of the three question lists (/question/notreply, reply, all): the route says which. */
export function QuestionListPage() {
  const t = useMessages(questionMessages);
  const scope = questionScopeOf(usePageRoute().path);
  return scope ? <QuestionList key={scope} scope={scope} /> : <Result status="404" title={t('unknownScreen')} />;
}

function QuestionList({ scope }: { scope: QuestionScope }) {
  const t = useMessages(questionMessages);
  const common = useMessages(listMessages);
  const list = usePagedList<QuestionSummary, QuestionFilters>(QUESTION_LIST_PATH, { scope });
  const refresh = useRefreshQuestions();
  const rights = usePostRights();
  const [openId, setOpenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<QuestionSummary | null>(null);
  const reload = () => void refresh();
  const remove = useSave({ save: deleteQuestion, onSaved: reload, onStale: reload });

  const columns: TableColumnsType<QuestionSummary> = [
    {
      key: 'title',
      title: t('title'),
      render: (_, question) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpenId(question.id)} data-testid={`question-open-${question.id}`}>
          {question.title}
        </Button>
      ),
    },
    { key: 'author', title: t('author'), dataIndex: 'authorName', render: (name: string | null) => name ?? '----' },
    {
      key: 'answerCount',
      title: t('answerCount'),
      dataIndex: 'answerCount',
      align: 'right',
      render: (count: number) => (count ? count : <Tag>0</Tag>),
    },
    { key: 'lastAnswerAt', title: t('lastAnswerAt'), dataIndex: 'lastAnswerAt', render: minuteOrEmpty },
    { key: 'createdAt', title: t('createdAt'), dataIndex: 'createdAt', render: minuteOrEmpty },
    actionsColumn(
      common('actions'),
      (question) => (
        <>
          <RowAction onClick={() => setOpenId(question.id)}>{t('view')}</RowAction>
          {rights(question, 'question', 'modify') ? <RowAction onClick={() => setEditing(question)}>{common('edit')}</RowAction> : null}
          {rights(question, 'question', 'delete') ? (
            <ConfirmAction title={t('deleteQuestionConfirm')} onConfirm={() => remove.mutateAsync(question.id)} />
          ) : null}
        </>
      ),
      { fixed: 'right' },
    ),
  ];

  return (
    <>
      <ListPage<QuestionSummary, QuestionFilters>
        list={list}
        columns={columns}
        fixedFilters={{ scope }}
        testId={`question-list-${scope}`}
        exportPath="/question/list/export"
        searchFields={<SearchText name="key" label={t('searchKey')} max={50} placeholder={t('searchKeyPlaceholder')} testId="question-search-key" />}
      />
      <QuestionDetailDrawer questionId={openId} onClose={() => setOpenId(null)} />
      <QuestionEditDialog question={editing} onClose={() => setEditing(null)} />
    </>
  );
}
