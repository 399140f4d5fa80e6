import { lazyPages } from '@/shared/routing/lazyPage';

/** Pages of this area by the route `component` key the server sends (base/* screens: staff, organisation, roles, menus, API security, parameters, notices). */
export const adminPages = lazyPages(import.meta.glob('./**/*Page.tsx'), {
  'base/staff/list': './staff/StaffListPage',
  'base/staff/add': './staff/StaffAddPage',
  'base/org/list': './org/OrgListPage',
  'base/role/list': './role/RoleListPage',
  'base/menu/list': './menu/MenuListPage',
  'base/menu/add': './menu/MenuAddPage',
  'base/security/list': './security/SecurityListPage',
  'base/deploy': './deploy/DeployPage',
  'base/notice/list': './notice/NoticePage',
});
