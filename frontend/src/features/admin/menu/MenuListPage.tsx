import { type MenuType, mayHaveChildren } from '@forwarder/domain';
import { Tag, type TableColumnsType } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { localized, useLanguage, useMessages } from '@/shared/i18n';
import { actionsColumn, AddButton, ConfirmAction, listMessages, ListPage, RowAction, SearchText } from '@/shared/list';
import { usePermission } from '@/shared/permission';
import { useSave } from '@/shared/list';
import { treeIds } from '../common/tree';
import { useTreeList } from '../common/treeList';
import { useRoleOptions } from '../role/api';
import { namedRoles, RoleTags } from '../role/RoleTags';
import { deleteMenu, MENU_TREE, type MenuFilters, type MenuNode } from './api';
import { MenuFormDialog, type MenuEditing } from './MenuFormDialog';
import { TYPE_LABELS } from './menuFields';
import { menuMessages } from './messages';

const TYPE_COLORS: Record<MenuType, string> = { directory: 'gold', menu: 'blue', button: 'default' };

/** 菜单管理: the tree of directories, menus and buttons the users' route trees are built from. */
export function MenuListPage() {
  const t = useMessages(menuMessages);
  const common = useMessages(listMessages);
  const language = useLanguage();
  const list = useTreeList<MenuNode, MenuFilters>(MENU_TREE, {});
  const [editing, setEditing] = useState<MenuEditing | null>(null);
  // a search unfolds its matches; the user's own unfolding holds until the next search
  const [expanded, setExpanded] = useState<{ filters: MenuFilters; keys: readonly Key[] } | null>(null);
  const allIds = useMemo(() => treeIds(list.data?.items ?? []), [list.data]);
  const expandedKeys = expanded?.filters === list.filters ? expanded.keys : list.filters.title ? allIds : [];
  const mayAdd = usePermission(['menu:add']);
  const mayModify = usePermission(['menu:modify']);
  const mayDelete = usePermission(['menu:delete']);
  // the role guard holds codes; the role list names them (without role:list the codes stay)
  const roles = useRoleOptions(usePermission(['role:list']));
  const refresh = () => void list.refresh();
  const remove = useSave({ save: deleteMenu, onSaved: refresh, onStale: refresh });
  const orEmpty = (value: string | null | undefined) => value || common('empty');
  const titleOf = (menu: MenuNode) => localized(language, menu.title, menu.titleEn);

  const columns: TableColumnsType<MenuNode> = [
    { title: t('title'), dataIndex: 'title', render: (_, menu) => titleOf(menu) },
    { title: t('type'), dataIndex: 'type', render: (type: MenuType) => <Tag color={TYPE_COLORS[type]}>{t(TYPE_LABELS[type])}</Tag> },
    { title: t('icon'), dataIndex: 'icon', render: orEmpty },
    { title: t('path'), dataIndex: 'path', render: orEmpty },
    { title: t('name'), dataIndex: 'name', render: orEmpty },
    { title: t('component'), dataIndex: 'component', render: orEmpty },
    { title: t('permission'), dataIndex: 'permission', render: orEmpty },
    {
      title: t('roleGuard'),
      dataIndex: 'roleGuard',
      render: (codes: string[] | undefined) => (codes?.length ? <RoleTags roles={namedRoles(codes, roles.data)} /> : common('empty')),
    },
    { title: t('sort'), dataIndex: 'sort', align: 'right' },
    { title: t('hidden'), dataIndex: 'hidden', render: (hidden: boolean) => (hidden ? t('yes') : t('no')) },
  ];
  if (mayAdd || mayModify || mayDelete) {
    columns.push(
      actionsColumn(
        common('actions'),
        (menu) => (
          <>
            {mayAdd && mayHaveChildren(menu.type) && <RowAction onClick={() => setEditing({ mode: 'add', parent: menu })}>{t('addChild')}</RowAction>}
            {mayModify && <RowAction onClick={() => setEditing({ mode: 'edit', menu })}>{common('edit')}</RowAction>}
            {mayDelete && <ConfirmAction title={t('deleteConfirm', { title: titleOf(menu) })} onConfirm={() => remove.mutateAsync(menu.id)} />}
          </>
        ),
        { fixed: 'right' },
      ),
    );
  }

  return (
    <>
      <ListPage<MenuNode, MenuFilters>
        list={list}
        columns={columns}
        testId="menu-list"
        expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: (keys) => setExpanded({ filters: list.filters, keys }) }}
        searchFields={<SearchText name="title" label={t('title')} max={100} testId="menu-search-title" />}
        toolbar={
          <AddButton permission="menu:add" onClick={() => setEditing({ mode: 'add', parent: null })} testId="menu-add-open">
            {common('add')}
          </AddButton>
        }
      />
      {editing && <MenuFormDialog editing={editing} onClose={() => setEditing(null)} onSaved={refresh} />}
    </>
  );
}
