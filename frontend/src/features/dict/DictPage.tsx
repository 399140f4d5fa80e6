import { DeleteOutlined, EditOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { BatchDictDialog } from './BatchDictDialog';
import { actionsColumn, AddButton, ConfirmAction, listMessages, ListPage, RowAction, SearchText, usePagedList } from '@/shared/list';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { usePermission } from '@/shared/permission';
import { useSave } from '@/shared/list';
import { dictApi, DICT_LIST, itemFields, useDictDetail, type DictItem, type DictType, type DictTypeFilters } from './api';
import { DictItemDialog } from './DictItemDialog';
import { DictTypeDialog } from './DictTypeDialog';
import { dictPageMessages } from './messages';

type Dialog = { kind: 'type'; type?: DictType } | { kind: 'item'; item?: DictItem } | { kind: 'batch' } | null;

/** /base/dict: the dictionaries on the left, the values of the one selected on the right. */
export function DictPage() {
  const t = useMessages(dictPageMessages);
  const common = useMessages(listMessages);
  const language = useLanguage();
  const client = useQueryClient();
  const may = {
    add: usePermission(['dict:add']),
    modify: usePermission(['dict:modify']),
    remove: usePermission(['dict:delete']),
    batch: usePermission(['avatar:dict']),
  };
  const list = usePagedList<DictType, DictTypeFilters>(DICT_LIST, {});
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const detail = useDictDetail(selectedId);
  const selected = detail.data ?? null;
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const reloadItems = () => client.invalidateQueries({ queryKey: ['/dict/detail'] });

  const removeType = useSave({
    save: dictApi.deleteType,
    onSaved: (_, id) => {
      if (id === selectedId) setSelectedId(null);
      void list.refresh();
    },
    onStale: () => void list.refresh(),
  });
  const removeItem = useSave({ save: dictApi.deleteItem, onSaved: () => void reloadItems(), onStale: () => void reloadItems() });
  const toggleItem = useSave({
    save: (item: DictItem) => dictApi.updateItem(item, { ...itemFields(item), enabled: !item.enabled }),
    onSaved: () => void reloadItems(),
    onStale: () => void reloadItems(),
  });

  /** A type's or an item's actions: edit, and delete once confirmed, each for those who may. */
  const mayAct = may.modify || may.remove;
  const editAndDelete = (edit: () => void, deleteConfirm: string, remove: () => Promise<unknown>) => (
    <>
      {may.modify ? (
        <RowAction icon={<EditOutlined />} onClick={edit}>
          {common('edit')}
        </RowAction>
      ) : null}
      {may.remove ? <ConfirmAction title={deleteConfirm} onConfirm={remove} icon={<DeleteOutlined />} /> : null}
    </>
  );

  return (
    <Row gutter={16} data-testid="dict-page">
      <Col xs={24} xl={11}>
        <ListPage<DictType, DictTypeFilters>
          list={list}
          testId="dict-types"
          exportPath="/dict/list/export"
          searchFields={
            <>
              <SearchText name="dictCode" label={t('dictCode')} max={50} width={130} />
              <SearchText name="dictName" label={t('dictName')} max={100} width={130} />
              <SearchText name="classify" label={t('classify')} max={50} width={110} />
            </>
          }
          toolbar={
            <>
              <AddButton permission="dict:add" onClick={() => setDialog({ kind: 'type' })} testId="dict-type-add">
                {t('addType')}
              </AddButton>
              {may.batch ? (
                <Button icon={<SwapOutlined />} onClick={() => setDialog({ kind: 'batch' })} data-testid="dict-batch">
                  {t('batchChange')}
                </Button>
              ) : null}
            </>
          }
          rowSelection={{
            type: 'radio',
            selectedRowKeys: selectedId === null ? [] : [selectedId],
            onChange: (keys) => setSelectedId(keys.length ? Number(keys[0]) : null),
          }}
          columns={[
            {
              key: 'dictCode',
              title: t('dictCode'),
              dataIndex: 'dictCode',
              render: (code: string, row) => <Typography.Link onClick={() => setSelectedId(row.id)}>{code}</Typography.Link>,
            },
            { key: 'dictName', title: t('dictName'), render: (_, row) => localized(language, row.dictName, row.dictNameEn) },
            { key: 'classify', title: t('classify'), dataIndex: 'classify' },
            { key: 'remark', title: t('remark'), dataIndex: 'remark', ellipsis: true },
            ...(mayAct
              ? [
                  actionsColumn<DictType>(common('actions'), (row) =>
                    editAndDelete(
                      () => setDialog({ kind: 'type', type: row }),
                      t('deleteTypeConfirm', { name: row.dictName }),
                      () => removeType.mutateAsync(row.id),
                    ),
                  ),
                ]
              : []),
          ]}
        />
      </Col>
      <Col xs={24} xl={13}>
        <Card
          size="small"
          title={selected ? t('itemsOf', { name: localized(language, selected.dictName, selected.dictNameEn) }) : t('items')}
          extra={
            selected && may.add ? (
              <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'item' })} data-testid="dict-item-add">
                {t('addItem')}
              </Button>
            ) : null
          }
          data-testid="dict-items"
        >
          {selectedId === null ? (
            <Empty description={t('pickType')} />
          ) : (
            <Table<DictItem>
              rowKey="id"
              size="small"
              loading={detail.isFetching}
              dataSource={selected?.items ?? []}
              pagination={false}
              scroll={{ x: 'max-content' }}
              columns={[
                { key: 'dictName', title: t('itemLabel'), render: (_, item) => localized(language, item.dictName, item.dictNameEn) },
                { key: 'value', title: t('value'), dataIndex: 'value' },
                { key: 'classify', title: t('classify'), dataIndex: 'classify' },
                { key: 'sort', title: t('sort'), dataIndex: 'sort', align: 'right' },
                {
                  key: 'style',
                  title: t('style'),
                  render: (_, item) => (item.style ? <Tag color={item.style}>{localized(language, item.dictName, item.dictNameEn)}</Tag> : null),
                },
                {
                  key: 'enabled',
                  title: t('enabled'),
                  render: (_, item) =>
                    may.modify ? (
                      <Switch
                        size="small"
                        checked={item.enabled}
                        loading={toggleItem.isPending && toggleItem.variables?.id === item.id}
                        onChange={() => toggleItem.mutate(item)}
                      />
                    ) : (
                      <Tag color={item.enabled ? 'green' : 'default'}>{item.enabled ? t('yes') : t('no')}</Tag>
                    ),
                },
                ...(mayAct
                  ? [
                      actionsColumn<DictItem>(common('actions'), (item) =>
                        editAndDelete(
                          () => setDialog({ kind: 'item', item }),
                          t('deleteItemConfirm', { name: item.dictName }),
                          () => removeItem.mutateAsync(item.id),
                        ),
                      ),
                    ]
                  : []),
              ]}
            />
          )}
        </Card>
      </Col>
      {dialog?.kind === 'type' ? (
        <DictTypeDialog
          type={dialog.type}
          onClose={close}
          onSaved={(saved) => {
            void list.refresh();
            void reloadItems();
            if (saved && !dialog.type) setSelectedId(saved.id);
          }}
        />
      ) : null}
      {dialog?.kind === 'item' && selected ? <DictItemDialog type={selected} item={dialog.item} onClose={close} onSaved={() => void reloadItems()} /> : null}
      {dialog?.kind === 'batch' ? (
        <BatchDictDialog
          open
          onClose={() => {
            close();
            // A value may have been replaced in the dictionary shown.
            void reloadItems();
          }}
        />
      ) : null}
    </Row>
  );
}
