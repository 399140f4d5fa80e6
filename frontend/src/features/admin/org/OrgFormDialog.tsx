import { Form, Select } from 'antd';
import { TextFields } from '@/shared/components/TextField';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { FormDialog, useFormDialog } from '@/shared/list';
import { useDictOptions } from '@/features/dict';
import { SortField } from '../common/SortField';
import { nodeDialogTitle } from '../common/tree';
import { addOrg, updateOrg, type OrgFields, type OrgNode } from './api';
import { orgMessages } from './messages';

const NAMES = [
  { name: 'name', max: 100, length: 'nameLength', required: 'nameRequired', stopAtMax: false, testId: 'org-form-name' },
  { name: 'nameEn', max: 100, length: 'nameEnLength', stopAtMax: false },
] as const;

/** What the dialog is for: a new unit under `parent` (none: top level), or editing `unit`. */
export type OrgEditing = { mode: 'add'; parent: OrgNode | null } | { mode: 'edit'; unit: OrgNode };

/** Adds or edits a unit's own fields (its place in the tree changes through the move dialog). */
export function OrgFormDialog({ editing, onClose, onSaved }: { editing: OrgEditing; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(orgMessages);
  const language = useLanguage();
  const types = useDictOptions('orgType');
  const dialog = useFormDialog({
    save: (fields: OrgFields) =>
      editing.mode === 'add'
        ? addOrg({ ...fields, parentId: editing.parent?.id ?? null })
        : updateOrg({ ...fields, id: editing.unit.id, ver: editing.unit.ver }),
    onSaved,
    onClose,
  });
  const initialValues: Partial<OrgFields> =
    editing.mode === 'edit'
      ? { name: editing.unit.name, nameEn: editing.unit.nameEn, type: editing.unit.type, sort: editing.unit.sort }
      : { type: 'department', sort: 0 };
  const title = nodeDialogTitle(t, editing, (parent) => localized(language, parent.name, parent.nameEn));

  return (
    <FormDialog dialog={dialog} title={title} submitTestId="org-form-submit" initialValues={initialValues}>
      <TextFields fields={NAMES} t={t} />
      <Form.Item name="type" label={t('type')} rules={[{ required: true, message: t('typeRequired') }]}>
        <Select options={types.options} loading={types.isFetching} />
      </Form.Item>
      <SortField label={t('sort')} invalid={t('sortInvalid')} />
    </FormDialog>
  );
}
