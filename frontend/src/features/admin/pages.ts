import type { ComponentType } from 'react';
import { lazyPage } from '@/app/lazyPage';

/** Pages of this area by the route `component` key the server sends (base/* screens: staff, organisation, roles, menus, API security, dictionaries, parameters, notices). */
export const adminPages: Record<string, ComponentType> = {
  'base/staff/list': lazyPage(
    () => import('./staff/StaffListPage'),
    (module) => module.StaffListPage,
  ),
  'base/staff/add': lazyPage(
    () => import('./staff/StaffAddPage'),
    (module) => module.StaffAddPage,
  ),
  'base/org/list': lazyPage(
    () => import('./org/OrgListPage'),
    (module) => module.OrgListPage,
  ),
  'base/role/list': lazyPage(
    () => import('./role/RoleListPage'),
    (module) => module.RoleListPage,
  ),
  'base/menu/list': lazyPage(
    () => import('./menu/MenuListPage'),
    (module) => module.MenuListPage,
  ),
  'base/menu/add': lazyPage(
    () => import('./menu/MenuAddPage'),
    (module) => module.MenuAddPage,
  ),
  'base/security/list': lazyPage(
    () => import('./security/SecurityListPage'),
    (module) => module.SecurityListPage,
  ),
  'base/dict': lazyPage(
    () => import('./dict/DictPage'),
    (module) => module.DictPage,
  ),
  'base/deploy': lazyPage(
    () => import('./deploy/DeployPage'),
    (module) => module.DeployPage,
  ),
  'base/notice/list': lazyPage(
    () => import('./notice/NoticePage'),
    (module) => module.NoticePage,
  ),
};
