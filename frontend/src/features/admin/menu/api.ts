import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/request';
import { treeQuery } from '../common/treeList';
import type { MenuType } from './menuFields';

export const MENU_TREE = '/menu/treeData';
export const MENU_LIST_PATH = '/base/menu/list';

/** The menu form as the server takes it (`PUT /menu/add`, `POST /menu/update`): a field left out goes back to its default. */
export interface MenuFields {
  type: MenuType;
  parentId?: number | null;
  path?: string | null;
  name?: string | null;
  component?: string | null;
  redirect?: string | null;
  title: string;
  titleEn?: string | null;
  icon?: string | null;
  sort?: number;
  hidden?: boolean;
  levelHidden?: boolean;
  breadcrumbHidden?: boolean;
  noClosable?: boolean;
  noKeepAlive?: boolean;
  badge?: string | null;
  dot?: boolean;
  target?: '_self' | '_blank' | null;
  activeMenu?: string | null;
  permission?: string | null;
  roleGuard?: string[];
}

/** A node of `POST /menu/treeData`: the menu row with its children. */
export interface MenuNode extends MenuFields {
  id: number;
  parentId: number | null;
  ver: number;
  children?: MenuNode[];
}

export interface MenuFilters {
  title?: string;
}

/** The whole tree (the parent choices), shared with the menu screen's unfiltered view. */
export function useMenuTree() {
  return useQuery(treeQuery<MenuNode, MenuFilters>(MENU_TREE, {}));
}

export const addMenu = (menu: MenuFields) => http.put<MenuNode>('/menu/add', menu);
export const updateMenu = (menu: MenuFields & { id: number; ver: number }) => http.post<MenuNode>('/menu/update', menu);
export const deleteMenu = (id: number) => http.delete<null>(`/menu/delete/${id}`);
