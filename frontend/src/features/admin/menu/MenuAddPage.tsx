import { useMessages } from '@/shared/i18n';
import { ListAddPage } from '@/shared/list';
import { addMenu, MENU_LIST_PATH, MENU_TREE, type MenuFields } from './api';
import { MenuForm } from './MenuForm';
import { menuPayload, newMenuValues } from './menuFields';
import { menuMessages } from './messages';

/** 新增菜单: the menu form as a page; the new node is then found in the menu tree. */
export function MenuAddPage() {
  const t = useMessages(menuMessages);
  return (
    <ListAddPage
      title={t('addTitle')}
      testId="menu-add"
      list={{ queryKey: [MENU_TREE], path: MENU_LIST_PATH }}
      save={(values: MenuFields) => addMenu(menuPayload(values))}
      backLabel={t('backToList')}
      saveLabel={t('save')}
      submitTestId="menu-add-submit"
    >
      {(form, submit) => <MenuForm form={form} initialValues={newMenuValues(null)} onFinish={submit} />}
    </ListAddPage>
  );
}
