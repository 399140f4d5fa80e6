import { Modal } from 'antd';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { useFormDialog } from '@/shared/list';
import { nodeDialogTitle } from '../common/tree';
import { addMenu, updateMenu, type MenuFields, type MenuNode } from './api';
import { MenuForm } from './MenuForm';
import { menuPayload, newMenuValues } from './menuFields';
import { menuMessages } from './messages';

/** What the dialog is for: a new node under `parent` (none: top level), or editing `menu`. */
export type MenuEditing = { mode: 'add'; parent: MenuNode | null } | { mode: 'edit'; menu: MenuNode };

export function MenuFormDialog({ editing, onClose, onSaved }: { editing: MenuEditing; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(menuMessages);
  const language = useLanguage();
  const dialog = useFormDialog({
    save: (values: MenuFields) =>
      editing.mode === 'add' ? addMenu(menuPayload(values)) : updateMenu({ ...menuPayload(values), id: editing.menu.id, ver: editing.menu.ver }),
    onSaved,
    onClose,
  });
  const title = nodeDialogTitle(t, editing, (parent) => localized(language, parent.title, parent.titleEn));
  return (
    <Modal open width={760} title={title} {...dialog.modalProps} okButtonProps={{ 'data-testid': 'menu-form-submit' }}>
      <MenuForm
        form={dialog.form}
        initialValues={editing.mode === 'edit' ? editing.menu : newMenuValues(editing.parent)}
        editingId={editing.mode === 'edit' ? editing.menu.id : undefined}
        onFinish={dialog.submit}
      />
    </Modal>
  );
}
