import { Form, Modal, Radio, Select, Spin } from 'antd';
import { TextField } from '@/shared/components/TextField';
import { StaffSelect } from '@/features/logs';
import { listMessages } from '@/shared/list';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { useSave } from '@/shared/list';
import { NOTICE_AUDIENCES, noticeApi, useNoticeDetail, useRoleOptions, type NoticeFields, type NoticeSummary } from './api';
import { noticeMessages } from './messages';
import { hasVisibleContent } from './noticeContent';
import { RichTextEditor } from './RichTextEditor';

const TITLE_MAX_LENGTH = 200;

/** Adds a notice (a draft), or edits a draft or withdrawn one (`notice`). */
export function NoticeDialog({ notice, onClose, onSaved }: { notice?: NoticeSummary; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(noticeMessages);
  const common = useMessages(listMessages);
  const language = useLanguage();
  const [form] = Form.useForm<NoticeFields>();
  const audience = Form.useWatch('audience', form);
  const mayPickRoles = usePermission(['role:list']);
  const roles = useRoleOptions(mayPickRoles);
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
          <TextField
            name="title"
            label={t('title')}
            max={TITLE_MAX_LENGTH}
            lengthMessage={t('titleLength')}
            requiredMessage={t('titleRequired')}
            placeholder={t('titlePlaceholder')}
            testId="notice-title"
          />
          <Form.Item
            name="content"
            label={t('content')}
            required
            rules={[
              {
                validator: async (_, html: string | undefined) => {
                  if (!hasVisibleContent(html)) throw new Error(t('contentRequired'));
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
              <Select
                mode="multiple"
                placeholder={t('rolesPlaceholder')}
                loading={roles.isFetching}
                showSearch={{ optionFilterProp: 'label' }}
                options={roles.data?.map((role) => ({ value: role.id, label: localized(language, role.name, role.nameEn) }))}
              />
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
