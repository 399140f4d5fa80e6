import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { actionsColumn, AddButton, ConfirmAction, listMessages, ListPage, RowAction, SearchText, usePagedList } from '@/shared/list';
import { usePermission } from '@/shared/permission';
import { useSave } from '@/shared/list';
import { deleteRole, ROLE_LIST, type RoleFilters, type RoleRow } from './api';
import { GrantDialog } from './GrantDialog';
import { roleMessages } from './messages';
import { RoleFormDialog } from './RoleFormDialog';
import { RoleUsersDrawer } from './RoleUsersDrawer';

type Open = { dialog: 'form'; role: RoleRow | null } | { dialog: 'grant' | 'users'; role: RoleRow };

/** 角色管理: roles, what they grant and who holds them. */
export function RoleListPage() {
  const t = useMessages(roleMessages);
  const common = useMessages(listMessages);
  const language = useLanguage();
  const list = usePagedList<RoleRow, RoleFilters>(ROLE_LIST, {});
  const [open, setOpen] = useState<Open | null>(null);
  const mayModify = usePermission(['role:modify']);
  const mayGrant = usePermission(['role:grant']);
  const mayDelete = usePermission(['role:delete']);
  const refresh = () => void list.refresh();
  const remove = useSave({ save: deleteRole, onSaved: refresh, onStale: refresh });
  const close = () => setOpen(null);

  const columns: TableColumnsType<RoleRow> = [
    { title: t('code'), dataIndex: 'code' },
    { title: t('name'), dataIndex: 'name', render: (_, role) => localized(language, role.name, role.nameEn) },
    { title: t('remark'), dataIndex: 'remark', render: (value: string | null) => value || common('empty') },
    { title: t('sort'), dataIndex: 'sort', align: 'right' },
    { title: t('userCount'), dataIndex: 'userCount', align: 'right' },
    actionsColumn(
      common('actions'),
      (role) => (
        <>
          {mayModify && <RowAction onClick={() => setOpen({ dialog: 'form', role })}>{common('edit')}</RowAction>}
          {mayGrant && (
            <RowAction onClick={() => setOpen({ dialog: 'grant', role })} testId="role-grant">
              {t('grant')}
            </RowAction>
          )}
          <RowAction onClick={() => setOpen({ dialog: 'users', role })}>{t('users')}</RowAction>
          {mayDelete && (
            <ConfirmAction title={t('deleteConfirm', { name: localized(language, role.name, role.nameEn) })} onConfirm={() => remove.mutateAsync(role.id)} />
          )}
        </>
      ),
      { wrap: true },
    ),
  ];

  return (
    <>
      <ListPage<RoleRow, RoleFilters>
        list={list}
        columns={columns}
        testId="role-list"
        exportPath="/role/list/export"
        searchFields={
          <>
            <SearchText name="name" label={t('name')} max={50} />
            <SearchText name="code" label={t('code')} max={50} testId="role-search-code" />
          </>
        }
        toolbar={
          <AddButton permission="role:add" onClick={() => setOpen({ dialog: 'form', role: null })} testId="role-add">
            {common('add')}
          </AddButton>
        }
      />
      {open?.dialog === 'form' && <RoleFormDialog role={open.role} onClose={close} onSaved={refresh} />}
      {open?.dialog === 'grant' && <GrantDialog role={open.role} onClose={close} onSaved={refresh} />}
      {open?.dialog === 'users' && <RoleUsersDrawer role={open.role} onClose={close} />}
    </>
  );
}
