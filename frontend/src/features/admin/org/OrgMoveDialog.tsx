import { Form, InputNumber, Modal } from 'antd';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { listMessages } from '@/shared/list';
import { sortRule, SORT_MAX } from '../common/rules';
import { useSave } from '@/shared/list';
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
  const common = useMessages(listMessages);
  const language = useLanguage();
  const [form] = Form.useForm<MoveForm>();
  const done = () => {
    onSaved();
    onClose();
  };
  const save = useSave({
    form,
    save: ({ parentId, sort }: MoveForm) => moveOrg({ id: unit.id, parentId: parentId ?? null, sort, ver: unit.ver }),
    onSaved: done,
    onStale: done,
  });
  return (
    <Modal
      open
      title={t('moveTitle', { name: localized(language, unit.name, unit.nameEn) })}
      okText={common('confirm')}
      cancelText={common('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" initialValues={{ parentId: unit.parentId, sort: unit.sort }} onFinish={(values) => save.mutate(values)}>
        <Form.Item name="parentId" label={t('parent')} extra={t('parentHint')}>
          <OrgTreeSelect excludeId={unit.id} placeholder={t('topLevel')} data-testid="org-move-parent" />
        </Form.Item>
        <Form.Item name="sort" label={t('sort')} rules={[sortRule(t('sortInvalid'))]}>
          <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
