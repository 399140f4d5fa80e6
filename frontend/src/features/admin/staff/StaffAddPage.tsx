import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form } from 'antd';
import { useNavigate } from 'react-router';
import { useMessages } from '@/shared/i18n';
import { useSave } from '@/shared/list';
import { addStaff, STAFF_LIST, STAFF_LIST_PATH } from './api';
import { staffMessages } from './messages';
import { StaffForm, type StaffFormValues } from './StaffForm';

/** 新增员工: the full staff form; a saved colleague is found in the staff list. */
export function StaffAddPage() {
  const t = useMessages(staffMessages);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<StaffFormValues>();
  const save = useSave({
    form,
    save: ({ password, ...staff }: StaffFormValues) => addStaff({ ...staff, password: password ?? '' }),
    onSaved: () => {
      form.resetFields();
      void client.invalidateQueries({ queryKey: [STAFF_LIST] });
      void navigate(STAFF_LIST_PATH);
    },
  });
  return (
    <Card title={t('addTitle')} data-testid="staff-add">
      <StaffForm form={form} mode="add" onFinish={(values) => save.mutate(values)} />
      <Flex gap={8} justify="end">
        <Button onClick={() => void navigate(STAFF_LIST_PATH)}>{t('backToList')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="staff-submit">
          {t('save')}
        </Button>
      </Flex>
    </Card>
  );
}
