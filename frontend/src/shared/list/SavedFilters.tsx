import { DeleteOutlined, DownOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Dropdown, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useMessages } from '@/shared/i18n';
import type { FilterValue, SavedFilter } from './listSettings';
import { listMessages } from './messages';

/** 已存筛选 / 保存筛选 of a search form: pick a saved filter, delete one, or name and save the form's values. */
export function SavedFilters({
  filters,
  onPick,
  onSave,
  onDelete,
}: {
  filters: SavedFilter[];
  onPick: (values: Record<string, FilterValue>) => void;
  onSave: (name: string) => void;
  onDelete: (name: string) => void;
}) {
  const t = useMessages(listMessages);
  const [naming, setNaming] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: filters.length
            ? filters.map((filter) => ({
                key: filter.name,
                label: filter.name,
                extra: (
                  <DeleteOutlined
                    aria-label={`${t('deleteFilter')} ${filter.name}`}
                    data-testid={`list-filter-delete-${filter.name}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      onDelete(filter.name);
                    }}
                  />
                ),
              }))
            : [{ key: '', label: t('noSavedFilters'), disabled: true }],
          onClick: ({ key }) => {
            const filter = filters.find((f) => f.name === key);
            if (filter) onPick(filter.values);
          },
        }}
      >
        <Button data-testid="list-saved-filters">
          {t('savedFilters')} <DownOutlined />
        </Button>
      </Dropdown>
      <Button icon={<SaveOutlined />} onClick={() => setNaming(true)} data-testid="list-filter-save">
        {t('saveFilter')}
      </Button>
      <Modal
        open={naming}
        title={t('saveFilter')}
        okText={t('confirm')}
        cancelText={t('cancel')}
        destroyOnHidden
        onCancel={() => setNaming(false)}
        onOk={() =>
          void form.validateFields().then(({ name }) => {
            onSave(name.trim());
            setNaming(false);
            form.resetFields();
          })
        }
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="name" label={t('filterName')} rules={[{ required: true, whitespace: true, message: t('filterNameRequired') }]}>
            <Input maxLength={30} autoFocus data-testid="list-filter-name" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
