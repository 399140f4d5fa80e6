import type { TableColumnsType } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { actionsColumn, AddButton, ConfirmAction, listMessages, ListPage, RowAction } from '@/shared/list';
import { usePermission } from '@/shared/permission';
import { useDictOptions } from '@/features/dict';
import { useSave } from '@/shared/list';
import { treeIds } from '../common/tree';
import { useTreeList } from '../common/treeList';
import { deleteOrg, ORG_TREE, type OrgNode } from './api';
import { orgMessages } from './messages';
import { OrgFormDialog, type OrgEditing } from './OrgFormDialog';
import { OrgMoveDialog } from './OrgMoveDialog';

/** 组织架构: the organisation tree with its units' staff counts; add, edit, move and delete units. */
export function OrgListPage() {
  const t = useMessages(orgMessages);
  const common = useMessages(listMessages);
  const language = useLanguage();
  const types = useDictOptions('orgType');
  const list = useTreeList<OrgNode, object>(ORG_TREE, {});
  const [editing, setEditing] = useState<OrgEditing | null>(null);
  const [moving, setMoving] = useState<OrgNode | null>(null);
  // every unit unfolded until the user folds one
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const allIds = useMemo(() => treeIds(list.data?.items ?? []), [list.data]);
  const mayAdd = usePermission(['org:add']);
  const mayModify = usePermission(['org:modify']);
  const mayDelete = usePermission(['org:delete']);
  const remove = useSave({ save: deleteOrg, onSaved: () => void list.refresh(), onStale: () => void list.refresh() });

  const columns: TableColumnsType<OrgNode> = [
    { title: t('name'), dataIndex: 'name', render: (_, unit) => localized(language, unit.name, unit.nameEn) },
    { title: t('type'), dataIndex: 'type', render: (type: string) => types.labelOf(type) },
    { title: t('userCount'), dataIndex: 'userCount', align: 'right' },
    { title: t('sort'), dataIndex: 'sort', align: 'right' },
  ];
  if (mayAdd || mayModify || mayDelete) {
    columns.push(
      actionsColumn(
        common('actions'),
        (unit) => (
          <>
            {mayAdd && <RowAction onClick={() => setEditing({ mode: 'add', parent: unit })}>{t('addChild')}</RowAction>}
            {mayModify && <RowAction onClick={() => setEditing({ mode: 'edit', unit })}>{common('edit')}</RowAction>}
            {mayModify && <RowAction onClick={() => setMoving(unit)}>{t('move')}</RowAction>}
            {mayDelete && (
              <ConfirmAction title={t('deleteConfirm', { name: localized(language, unit.name, unit.nameEn) })} onConfirm={() => remove.mutateAsync(unit.id)} />
            )}
          </>
        ),
        { wrap: true },
      ),
    );
  }

  return (
    <>
      <ListPage<OrgNode, object>
        list={list}
        columns={columns}
        testId="org-list"
        exportPath="/org/tree/export"
        expandable={{ expandedRowKeys: expanded ?? allIds, onExpandedRowsChange: setExpanded }}
        toolbar={
          <AddButton permission="org:add" onClick={() => setEditing({ mode: 'add', parent: null })} testId="org-add">
            {t('addTop')}
          </AddButton>
        }
      />
      {editing && <OrgFormDialog editing={editing} onClose={() => setEditing(null)} onSaved={() => void list.refresh()} />}
      {moving && <OrgMoveDialog unit={moving} onClose={() => setMoving(null)} onSaved={() => void list.refresh()} />}
    </>
  );
}
