import { Drawer, Tag, type TableColumnsType } from 'antd';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { ListPage, listMessages, usePagedList } from '@/shared/list';
import { roleUsersPath, type RoleRow, type RoleUser } from './api';
import { roleMessages } from './messages';

/** 用户: the staff holding a role. */
export function RoleUsersDrawer({ role, onClose }: { role: RoleRow; onClose: () => void }) {
  const t = useMessages(roleMessages);
  const common = useMessages(listMessages);
  const language = useLanguage();
  const list = usePagedList<RoleUser, object>(roleUsersPath(role.id), {});
  const columns: TableColumnsType<RoleUser> = [
    { title: t('jobNo'), dataIndex: 'jobNo', render: (value: string | null) => value || common('empty') },
    { title: t('account'), dataIndex: 'account' },
    { title: t('fullName'), dataIndex: 'fullName' },
    { title: t('org'), key: 'org', render: (_, user) => (user.org ? localized(language, user.org.name, user.org.nameEn) : common('empty')) },
    { title: t('duty'), dataIndex: 'duty', render: (value: string | null) => value || common('empty') },
    {
      title: t('enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean) => (enabled ? <Tag color="success">{t('enabledOn')}</Tag> : <Tag>{t('enabledOff')}</Tag>),
    },
  ];
  return (
    <Drawer open size={760} title={t('usersTitle', { name: localized(language, role.name, role.nameEn) })} onClose={onClose}>
      <ListPage<RoleUser, object> list={list} columns={columns} testId="role-users" />
    </Drawer>
  );
}
