import { NOTICE_CONTENT_MAX_LENGTH, NOTICE_AUDIENCES, hasVisibleContent } from '@forwarder/domain';
import { Form, Modal, Radio, Spin } from 'antd';
import { TextFields } from '@/shared/components/TextField';
import { StaffSelect } from '@/features/logs';
import { listMessages } from '@/shared/list';
import { useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { useSave } from '@/shared/list';
import { noticeApi, useNoticeDetail, type NoticeFields, type NoticeSummary } from './api';
import { noticeMessages } from './messages';
import { RolesSelect } from '../role/RolesSelect';
import { RichTextEditor } from './RichTextEditor';

const TITLE = [{ name: 'title', max: 200, length: 'titleLength', required: 'titleRequired', placeholder: 'titlePlaceholder', testId: 'notice-title' }] as const;

/** Adds a notice (a draft), or edits a draft or withdrawn one (`notice`). */
export function NoticeDialog({ notice, onClose, onSaved }: { notice?: NoticeSummary; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(noticeMessages);
  const common = useMessages(listMessages);
  const [form] = Form.useForm<NoticeFields>();
  const audience = Form.useWatch('audience', form);
  const content = Form.useWatch('content', form);
  const mayPickRoles = usePermission(['role:list']);
  const detail = useNoticeDetail(notice?.id ?? null);

  const done = () => {
    onSaved();
    onClose();
  };
  // A stale notice (someone saved or deleted it first) closes the dialog onto the list as it is now.
  const save = useSave({
    save: (fields: NoticeFields) => (notice ? noticeApi.update(notice, fields) : noticeApi.add(fields)),
    form,
    onSaved: done,
    onStale: done,
  });

  const submit = ({ title, content, audience: to, roleIds, userIds }: NoticeFields) =>
    save.mutate({
      title,
      content,
      audience: to,
      ...(to === 'roles' ? { roleIds } : {}),
      ...(to === 'users' ? { userIds } : {}),
    });

  // The form starts from the notice as stored now, not from an earlier visit's copy.
  const loading = notice !== undefined && !(detail.data && detail.isFetchedAfterMount);
  return (
    <Modal
      open
      width={820}
      title={notice ? t('edit') : t('add')}
      okText={common('confirm')}
      cancelText={common('cancel')}
      okButtonProps={{ disabled: loading }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      maskClosable={false}
    >
      {loading ? (
        <Spin spinning={detail.isFetching} />
      ) : (
        <Form<NoticeFields> form={form} layout="vertical" initialValues={detail.data ?? { audience: 'all', content: '' }} onFinish={submit}>
          <TextFields fields={TITLE} t={t} />
          <Form.Item
            name="content"
            label={t('content')}
            required
            // the server's bound (formatting included), shown as the content grows
            extra={<span data-testid="notice-content-count">{t('contentCount', { count: (content ?? '').length, max: NOTICE_CONTENT_MAX_LENGTH })}</span>}
            rules={[
              {
                validator: async (_, html: string | undefined) => {
                  if (!hasVisibleContent(html)) throw new Error(t('contentRequired'));
                  if (html!.length > NOTICE_CONTENT_MAX_LENGTH) throw new Error(t('contentLength', { max: NOTICE_CONTENT_MAX_LENGTH }));
                },
              },
            ]}
          >
            <RichTextEditor data-testid="notice-content" />
          </Form.Item>
          <Form.Item name="audience" label={t('audience')} rules={[{ required: true, message: t('audienceRequired') }]}>
            <Radio.Group
              options={NOTICE_AUDIENCES.map((value) => ({
                value,
                label: t(`audience_${value}`),
                // Roles can be listed only with role:list.
                disabled: value === 'roles' && !mayPickRoles,
              }))}
              data-testid="notice-audience"
            />
          </Form.Item>
          {audience === 'roles' ? (
            <Form.Item name="roleIds" label={t('roles')} rules={[{ required: true, type: 'array', min: 1, message: t('rolesRequired') }]}>
              <RolesSelect enabled={mayPickRoles} placeholder={t('rolesPlaceholder')} />
            </Form.Item>
          ) : null}
          {audience === 'users' ? (
            <Form.Item name="userIds" label={t('users')} rules={[{ required: true, type: 'array', min: 1, message: t('usersRequired') }]}>
              <StaffSelect mode="multiple" placeholder={t('usersPlaceholder')} />
            </Form.Item>
          ) : null}
        </Form>
      )}
    </Modal>
  );
}
