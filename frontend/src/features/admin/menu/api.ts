import { useQuery } from '@tanstack/react-query';
import { api, type Schema } from '@/shared/api';
import { treeQuery } from '../common/treeList';

export const MENU_TREE = '/menu/treeData';
export const MENU_LIST_PATH = '/base/menu/list';

/** The menu form as the server takes it (`PUT /menu/add`, `POST /menu/update`): a field left out goes back to its default. */
export type MenuFields = Schema<'MenuFormDto'>;

/** The fields the answer types as plain strings, as the form takes them. */
type MenuChoices = Pick<MenuFields, 'type' | 'target' | 'permission'>;

/** A node of `POST /menu/treeData`: the menu row with its children. */
export type MenuNode = Omit<Schema<'MenuTreeNode'>, keyof MenuChoices | 'children'> & Required<MenuChoices> & { children?: MenuNode[] };

export interface MenuFilters {
  title?: string;
}

/** The whole tree (the parent choices), shared with the menu screen's unfiltered view. */
export function useMenuTree() {
  return useQuery(treeQuery<MenuNode, MenuFilters>(MENU_TREE, {}));
}

export const addMenu = (menu: MenuFields) => api.put('/menu/add', { body: menu });
export const updateMenu = (menu: MenuFields & { id: number; ver: number }) => api.post('/menu/update', { body: menu });
export const deleteMenu = (id: number) => api.delete('/menu/delete/{id}', { path: { id } });
