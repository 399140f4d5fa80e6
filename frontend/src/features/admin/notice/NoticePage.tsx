import { NOTICE_STATUSES, type NoticeStatus, isNoticeEditable } from '@forwarder/domain';
import { DeleteOutlined, EditOutlined, EyeOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { DatePicker, Form, Modal, Select, Spin, Tag } from 'antd';
import { useState } from 'react';
import { dayRange, type DayRange, formatTime } from '@/features/logs';
import { actionsColumn, AddButton, ConfirmAction, listMessages, ListPage, RowAction, SearchText, type PagedList, usePagedList } from '@/shared/list';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { useSave } from '@/shared/list';
import { NOTICE_LIST, noticeApi, useNoticeDetail, useRoleOptions, type NoticeSummary } from './api';
import { noticeMessages } from './messages';
import { NoticeArticle } from './NoticeArticle';
import { NoticeDialog } from './NoticeDialog';

const STATUS_COLORS: Record<NoticeStatus, string> = { draft: 'default', published: 'green', withdrawn: 'orange' };

interface Filters {
  title?: string;
  status?: NoticeStatus;
  published?: DayRange;
}

/** The list in form values; the publication days become the call's publishedFrom/publishedTo instants. */
function useNoticeList(): PagedList<NoticeSummary, Filters> {
  const list = usePagedList<NoticeSummary, object>(NOTICE_LIST, {});
  return {
    ...list,
    filters: {},
    search: ({ published, ...rest }: Filters) => {
      const { from, to } = dayRange(published);
      list.search({ ...rest, ...(from ? { publishedFrom: from } : {}), ...(to ? { publishedTo: to } : {}) });
    },
  };
}

type Dialog = { kind: 'edit'; notice?: NoticeSummary } | { kind: 'view'; notice: NoticeSummary } | null;

/** /base/notice/list: internal notices, written as drafts, then published to their audience or withdrawn. */
export function NoticePage() {
  const t = useMessages(noticeMessages);
  const common = useMessages(listMessages);
  const language = useLanguage();
  const may = {
    add: usePermission(['notice:add']),
    modify: usePermission(['notice:modify']),
    remove: usePermission(['notice:delete']),
    publish: usePermission(['notice:publish']),
    roles: usePermission(['role:list']),
  };
  const list = useNoticeList();
  const roles = useRoleOptions(may.roles);
  const roleName = new Map((roles.data ?? []).map((role) => [role.id, localized(language, role.name, role.nameEn)]));
  const [dialog, setDialog] = useState<Dialog>(null);

  const refresh = () => void list.refresh();
  const publish = useSave({ save: noticeApi.publish, savedMessage: t('published'), onSaved: refresh, onStale: refresh });
  const withdraw = useSave({ save: noticeApi.withdraw, savedMessage: t('withdrawn'), onSaved: refresh, onStale: refresh });
  const remove = useSave({ save: (notice: NoticeSummary) => noticeApi.remove(notice.id), onSaved: refresh, onStale: refresh });

  const audience = (notice: NoticeSummary) => {
    if (notice.audience === 'users') return t('audienceUsersCount', { count: notice.userIds.length });
    if (notice.audience === 'roles')
      return roles.data ? notice.roleIds.map((id) => roleName.get(id) ?? `#${id}`).join('、') : t('audienceRolesCount', { count: notice.roleIds.length });
    return t('audience_all');
  };

  const actions = (notice: NoticeSummary) => {
    const editable = isNoticeEditable(notice.status);
    return (
      <>
        <RowAction icon={<EyeOutlined />} onClick={() => setDialog({ kind: 'view', notice })}>
          {t('view')}
        </RowAction>
        {editable && may.modify ? (
          <RowAction icon={<EditOutlined />} onClick={() => setDialog({ kind: 'edit', notice })}>
            {common('edit')}
          </RowAction>
        ) : null}
        {editable && may.publish ? (
          <ConfirmAction
            title={t('publishConfirm', { title: notice.title })}
            onConfirm={() => publish.mutateAsync(notice)}
            danger={false}
            icon={<SendOutlined />}
            testId="notice-publish"
          >
            {t('publish')}
          </ConfirmAction>
        ) : null}
        {notice.status === 'published' && may.publish ? (
          <ConfirmAction
            title={t('withdrawConfirm', { title: notice.title })}
            onConfirm={() => withdraw.mutateAsync(notice)}
            danger={false}
            icon={<RollbackOutlined />}
            testId="notice-withdraw"
          >
            {t('withdraw')}
          </ConfirmAction>
        ) : null}
        {editable && may.remove ? (
          <ConfirmAction
            title={t('deleteConfirm', { title: notice.title })}
            onConfirm={() => remove.mutateAsync(notice)}
            icon={<DeleteOutlined />}
            testId="notice-delete"
          />
        ) : null}
      </>
    );
  };

  return (
    <>
      <ListPage<NoticeSummary, Filters>
        list={list}
        testId="notice-list"
        exportPath="/notice/list/export"
        searchFields={
          <>
            <SearchText name="title" label={t('title')} max={200} width={180} />
            <Form.Item name="status" label={t('status')}>
              <Select allowClear style={{ width: 110 }} options={NOTICE_STATUSES.map((value) => ({ value, label: t(`status_${value}`) }))} />
            </Form.Item>
            <Form.Item name="published" label={t('publishedRange')}>
              <DatePicker.RangePicker allowEmpty={[true, true]} />
            </Form.Item>
          </>
        }
        toolbar={
          <AddButton permission="notice:add" onClick={() => setDialog({ kind: 'edit' })} testId="notice-add">
            {t('add')}
          </AddButton>
        }
        columns={[
          { key: 'title', title: t('title'), dataIndex: 'title', ellipsis: true, width: 300 },
          {
            key: 'status',
            title: t('status'),
            dataIndex: 'status',
            render: (status: NoticeStatus) => <Tag color={STATUS_COLORS[status]}>{t(`status_${status}`)}</Tag>,
          },
          { key: 'audience', title: t('audience'), render: (_, notice) => audience(notice) },
          { key: 'publishedAt', title: t('publishedAt'), dataIndex: 'publishedAt', render: formatTime },
          { key: 'createdByName', title: t('author'), dataIndex: 'createdByName' },
          { key: 'readCount', title: t('readCount'), dataIndex: 'readCount', align: 'right' },
          actionsColumn(common('actions'), actions, { wrap: true }),
        ]}
      />
      {dialog?.kind === 'edit' ? <NoticeDialog notice={dialog.notice} onClose={() => setDialog(null)} onSaved={() => void list.refresh()} /> : null}
      {dialog?.kind === 'view' ? <NoticePreview id={dialog.notice.id} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

/** The notice as its readers will see it (reading it here marks nothing read). */
function NoticePreview({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useNoticeDetail(id);
  const notice = detail.data;
  return (
    <Modal open width={760} footer={null} onCancel={onClose}>
      {notice ? (
        <NoticeArticle title={notice.title} author={notice.createdByName} publishedAt={notice.publishedAt} content={notice.content} />
      ) : (
        <Spin spinning={detail.isFetching} />
      )}
    </Modal>
  );
}
