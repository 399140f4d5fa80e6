import { Form, Modal } from 'antd';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { listMessages } from '@/shared/list';
import { useSave } from '@/shared/list';
import { addMenu, updateMenu, type MenuFields, type MenuNode } from './api';
import { MenuForm } from './MenuForm';
import { menuPayload, newMenuValues } from './menuFields';
import { menuMessages } from './messages';

/** What the dialog is for: a new node under `parent` (none: top level), or editing `menu`. */
export type MenuEditing = { mode: 'add'; parent: MenuNode | null } | { mode: 'edit'; menu: MenuNode };

export function MenuFormDialog({ editing, onClose, onSaved }: { editing: MenuEditing; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(menuMessages);
  const common = useMessages(listMessages);
  const language = useLanguage();
  const [form] = Form.useForm<MenuFields>();
  const done = () => {
    onSaved();
    onClose();
  };
  const save = useSave({
    form,
    save: (values: MenuFields) =>
      editing.mode === 'add' ? addMenu(menuPayload(values)) : updateMenu({ ...menuPayload(values), id: editing.menu.id, ver: editing.menu.ver }),
    onSaved: done,
    onStale: done,
  });
  const title =
    editing.mode === 'edit'
      ? t('editTitle')
      : editing.parent
        ? t('addChildTitle', { parent: localized(language, editing.parent.title, editing.parent.titleEn) })
        : t('addTitle');
  return (
    <Modal
      open
      width={760}
      title={title}
      okText={common('confirm')}
      cancelText={common('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'menu-form-submit' }}
    >
      <MenuForm
        form={form}
        initialValues={editing.mode === 'edit' ? editing.menu : newMenuValues(editing.parent)}
        editingId={editing.mode === 'edit' ? editing.menu.id : undefined}
        onFinish={(values) => save.mutate(values)}
      />
    </Modal>
  );
}
