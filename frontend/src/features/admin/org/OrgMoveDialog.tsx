import { Form } from 'antd';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { FormDialog, useFormDialog } from '@/shared/list';
import { SortField } from '../common/SortField';
import { moveOrg, type OrgNode } from './api';
import { orgMessages } from './messages';
import { OrgTreeSelect } from './OrgTreeSelect';

interface MoveForm {
  parentId?: number | null;
  sort?: number;
}

/** Puts a unit, with its sub-units, under another parent; the unit itself and its descendants are not offered. */
export function OrgMoveDialog({ unit, onClose, onSaved }: { unit: OrgNode; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(orgMessages);
  const language = useLanguage();
  const dialog = useFormDialog({
    save: ({ parentId, sort }: MoveForm) => moveOrg({ id: unit.id, parentId: parentId ?? null, sort, ver: unit.ver }),
    onSaved,
    onClose,
  });
  return (
    <FormDialog
      dialog={dialog}
      title={t('moveTitle', { name: localized(language, unit.name, unit.nameEn) })}
      initialValues={{ parentId: unit.parentId, sort: unit.sort }}
    >
      <Form.Item name="parentId" label={t('parent')} extra={t('parentHint')}>
        <OrgTreeSelect excludeId={unit.id} placeholder={t('topLevel')} data-testid="org-move-parent" />
      </Form.Item>
      <SortField label={t('sort')} invalid={t('sortInvalid')} />
    </FormDialog>
  );
}
