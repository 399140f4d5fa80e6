import { Flex, Modal, Spin } from 'antd';
import { useMessages } from '@/shared/i18n';
import { useFormDialog } from '@/shared/list';
import { updateStaff, useStaffDetail } from './api';
import { staffMessages } from './messages';
import { StaffForm, type StaffFormValues } from './StaffForm';

/** Edits a colleague with the add page's form, on the record as it is now (its current `ver`). */
export function StaffEditDialog({ staffId, onClose, onSaved }: { staffId: number; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(staffMessages);
  const detail = useStaffDetail(staffId);
  const dialog = useFormDialog({
    // the account cannot change and the password is reset elsewhere: neither is sent
    save: ({ account: _account, password: _password, ...fields }: StaffFormValues) => updateStaff({ ...fields, ver: detail.data!.ver, id: staffId }),
    onSaved,
    onClose,
  });
  return (
    <Modal open width={760} title={t('editTitle')} {...dialog.modalProps} okButtonProps={{ disabled: !detail.data, 'data-testid': 'staff-edit-submit' }}>
      {detail.data ? (
        <StaffForm form={dialog.form} mode="edit" initialValues={detail.data} onFinish={dialog.submit} />
      ) : (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin spinning={detail.isFetching} />
        </Flex>
      )}
    </Modal>
  );
}
