import { useMessages } from '@/shared/i18n';
import { ListAddPage } from '@/shared/list';
import { addStaff, STAFF_LIST, STAFF_LIST_PATH } from './api';
import { staffMessages } from './messages';
import { StaffForm, type StaffFormValues } from './StaffForm';

/** 新增员工: the full staff form; a saved colleague is found in the staff list. */
export function StaffAddPage() {
  const t = useMessages(staffMessages);
  return (
    <ListAddPage
      title={t('addTitle')}
      testId="staff-add"
      list={{ queryKey: [STAFF_LIST], path: STAFF_LIST_PATH }}
      save={({ password, ...staff }: StaffFormValues) => addStaff({ ...staff, password: password ?? '' })}
      backLabel={t('backToList')}
      saveLabel={t('save')}
      submitTestId="staff-submit"
    >
      {(form, submit) => <StaffForm form={form} mode="add" onFinish={submit} />}
    </ListAddPage>
  );
}
