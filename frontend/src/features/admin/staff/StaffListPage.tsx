import { Badge, Form, Popconfirm, Select, Switch, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { minuteOrEmpty } from '@/shared/format/empty';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { actionsColumn, AddButton, ConfirmAction, listMessages, ListPage, RowAction, SearchText, usePagedList } from '@/shared/list';
import { usePermission } from '@/shared/permission';
import { useSave } from '@/shared/list';
import { OrgTreeSelect } from '../org/OrgTreeSelect';
import { useRoleOptions } from '../role/api';
import { RoleTags } from '../role/RoleTags';
import { deleteStaff, setStaffEnabled, STAFF_ADD_PATH, STAFF_LIST, type StaffFilters, type StaffRow, unlockStaff } from './api';
import { staffMessages } from './messages';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { StaffEditDialog } from './StaffEditDialog';
import { awaitedByAntd } from '@/shared/awaited-by-antd';

type Open = { dialog: 'edit'; staffId: number } | { dialog: 'password'; staff: StaffRow };

/** 员工管理: staff with their unit, roles, shipping marks and whether they are online. */
export function StaffListPage() {
  const t = useMessages(staffMessages);
  const common = useMessages(listMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const list = usePagedList<StaffRow, StaffFilters>(STAFF_LIST, {});
  const roles = useRoleOptions();
  const [open, setOpen] = useState<Open | null>(null);
  const mayToggle = usePermission(['staff:status']);
  const mayModify = usePermission(['staff:modify']);
  const mayReset = usePermission(['staff:resetPwd']);
  const mayDelete = usePermission(['staff:delete']);
  const mayUnlock = usePermission(['staff:unlock']);
  const refresh = () => void list.refresh();
  const toggle = useSave({ save: setStaffEnabled, onSaved: refresh, onStale: refresh });
  const remove = useSave({ save: deleteStaff, onSaved: refresh, onStale: refresh });
  const unlock = useSave({ save: unlockStaff, savedMessage: t('unlocked'), onSaved: refresh });
  const roleOptions = useMemo(
    () => (roles.data ?? []).map((role) => ({ value: role.id, label: localized(language, role.name, role.nameEn) })),
    [roles.data, language],
  );
  const orEmpty = (value: string | null) => value || common('empty');

  const columns: TableColumnsType<StaffRow> = [
    { title: t('jobNo'), dataIndex: 'jobNo', render: orEmpty },
    {
      title: t('account'),
      dataIndex: 'account',
      render: (account: string, staff) => (
        <>
          {account}
          {staff.signInLockedUntil && (
            <Tooltip title={t('signInLockedUntil', { until: minuteOrEmpty(staff.signInLockedUntil) })}>
              <Tag color="error" style={{ marginInlineStart: 8 }} data-testid="staff-locked">
                {t('signInLocked')}
              </Tag>
            </Tooltip>
          )}
        </>
      ),
    },
    { title: t('fullName'), dataIndex: 'fullName' },
    { title: t('org'), dataIndex: 'orgName', render: orEmpty },
    {
      title: t('roles'),
      dataIndex: 'roles',
      render: (held: StaffRow['roles']) => (held.length ? <RoleTags roles={held} /> : common('empty')),
    },
    { title: t('phone'), dataIndex: 'phone', render: orEmpty },
    { title: t('email'), dataIndex: 'email', render: orEmpty },
    { title: t('peerLabel'), dataIndex: 'peerLabel', render: orEmpty },
    { title: t('directLabel'), dataIndex: 'directLabel', render: orEmpty },
    {
      title: t('online'),
      dataIndex: 'online',
      render: (online: boolean) => <Badge status={online ? 'success' : 'default'} text={online ? t('onlineYes') : t('onlineNo')} />,
    },
    {
      title: t('enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean, staff) =>
        mayToggle ? (
          <Popconfirm
            title={t(enabled ? 'disableConfirm' : 'enableConfirm', { name: staff.fullName })}
            okText={common('confirm')}
            cancelText={common('cancel')}
            onConfirm={awaitedByAntd(() => toggle.mutateAsync({ id: staff.id, enabled: !enabled, ver: staff.ver }).catch(() => undefined))}
          >
            <Switch checked={enabled} checkedChildren={t('enabledOn')} unCheckedChildren={t('enabledOff')} aria-label={t('enabled')} />
          </Popconfirm>
        ) : (
          <Tag color={enabled ? 'success' : 'default'}>{enabled ? t('enabledOn') : t('enabledOff')}</Tag>
        ),
    },
  ];
  if (mayModify || mayReset || mayDelete || mayUnlock) {
    columns.push(
      actionsColumn(
        common('actions'),
        (staff) => (
          <>
            {mayModify && <RowAction onClick={() => setOpen({ dialog: 'edit', staffId: staff.id })}>{common('edit')}</RowAction>}
            {mayReset && <RowAction onClick={() => setOpen({ dialog: 'password', staff })}>{t('resetPassword')}</RowAction>}
            {mayUnlock && staff.signInLockedUntil && (
              <ConfirmAction
                title={t('unlockConfirm', { name: staff.fullName })}
                danger={false}
                onConfirm={() => unlock.mutateAsync(staff.id)}
                testId="staff-unlock"
              >
                {t('unlock')}
              </ConfirmAction>
            )}
            {mayDelete && <ConfirmAction title={t('deleteConfirm', { name: staff.fullName })} onConfirm={() => remove.mutateAsync(staff.id)} />}
          </>
        ),
        { fixed: 'right' },
      ),
    );
  }

  return (
    <>
      <ListPage<StaffRow, StaffFilters>
        list={list}
        columns={columns}
        testId="staff-list"
        exportPath="/user/list/export"
        searchFields={
          <>
            <SearchText name="fullName" label={t('fullName')} max={50} testId="staff-search-fullName" />
            <SearchText name="account" label={t('account')} max={50} testId="staff-search-account" />
            <Form.Item name="orgId" label={t('org')}>
              <OrgTreeSelect style={{ width: 200 }} placeholder={t('all')} />
            </Form.Item>
            <Form.Item name="roleId" label={t('roles')}>
              <Select style={{ width: 160 }} allowClear placeholder={t('all')} loading={roles.isFetching} options={roleOptions} />
            </Form.Item>
            <Form.Item name="enabled" label={t('enabled')}>
              <Select
                style={{ width: 120 }}
                allowClear
                placeholder={t('all')}
                options={[
                  { value: true, label: t('enabledOn') },
                  { value: false, label: t('enabledOff') },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={
          <AddButton permission="staff:add" onClick={() => void navigate(STAFF_ADD_PATH)} testId="staff-add-open">
            {common('add')}
          </AddButton>
        }
      />
      {open?.dialog === 'edit' && <StaffEditDialog staffId={open.staffId} onClose={() => setOpen(null)} onSaved={refresh} />}
      {open?.dialog === 'password' && <ResetPasswordDialog staff={open.staff} onClose={() => setOpen(null)} />}
    </>
  );
}
