import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form } from 'antd';
import { useNavigate } from 'react-router';
import { useMessages } from '@/shared/i18n';
import { useSave } from '@/shared/list';
import { addMenu, MENU_LIST_PATH, MENU_TREE, type MenuFields } from './api';
import { MenuForm } from './MenuForm';
import { menuPayload, newMenuValues } from './menuFields';
import { menuMessages } from './messages';

/** 新增菜单: the menu form as a page; the new node is then found in the menu tree. */
export function MenuAddPage() {
  const t = useMessages(menuMessages);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<MenuFields>();
  const save = useSave({
    form,
    save: (values: MenuFields) => addMenu(menuPayload(values)),
    onSaved: () => {
      form.resetFields();
      void client.invalidateQueries({ queryKey: [MENU_TREE] });
      void navigate(MENU_LIST_PATH);
    },
  });
  return (
    <Card title={t('addTitle')} data-testid="menu-add">
      <MenuForm form={form} initialValues={newMenuValues(null)} onFinish={(values) => save.mutate(values)} />
      <Flex gap={8} justify="end">
        <Button onClick={() => void navigate(MENU_LIST_PATH)}>{t('backToList')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="menu-add-submit">
          {t('save')}
        </Button>
      </Flex>
    </Card>
  );
}
