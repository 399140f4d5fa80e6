import { Flex, Form, Modal, Spin } from 'antd';
import { useMessages } from '@/shared/i18n';
import { listMessages } from '@/shared/list';
import { useSave } from '@/shared/list';
import { updateStaff, useStaffDetail } from './api';
import { staffMessages } from './messages';
import { StaffForm, type StaffFormValues } from './StaffForm';

/** Edits a colleague with the add page's form, on the record as it is now (its current `ver`). */
export function StaffEditDialog({ staffId, onClose, onSaved }: { staffId: number; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(staffMessages);
  const common = useMessages(listMessages);
  const detail = useStaffDetail(staffId);
  const [form] = Form.useForm<StaffFormValues>();
  const done = () => {
    onSaved();
    onClose();
  };
  const save = useSave({
    form,
    // the account cannot change and the password is reset elsewhere: neither is sent
    save: ({ account: _account, password: _password, ...fields }: StaffFormValues & { ver: number }) => updateStaff({ ...fields, id: staffId }),
    onSaved: done,
    onStale: done,
  });
  return (
    <Modal
      open
      width={760}
      title={t('editTitle')}
      okText={common('confirm')}
      cancelText={common('cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: !detail.data, 'data-testid': 'staff-edit-submit' }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {detail.data ? (
        <StaffForm form={form} mode="edit" initialValues={detail.data} onFinish={(values) => save.mutate({ ...values, ver: detail.data.ver })} />
      ) : (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin spinning={detail.isFetching} />
        </Flex>
      )}
    </Modal>
  );
}
