import type { RouteNode } from '@/shared/routing/routeTree';
import { api } from '@/shared/api';

/** `GET /login/initialize`: what the sign-in page and the shell need before anyone signs in. */
export interface LoginSettings {
  publicKey: string;
  title: string;
  titleEn: string;
  logo?: string | null;
  rsaEnabled: boolean;
  passwordMinLength: number;
  passwordMaxLength: number;
  /** A demo installation: the login page and the top bar show the "演示数据" mark. */
  demo?: boolean;
  /** On a first start, how far the demo business has loaded while it loads; null otherwise. */
  demoLoading?: { day: number; days: number; orders: number } | null;
}

export interface UserInfo {
  id: number | string;
  account: string;
  fullName: string;
  peerLabel?: string | null;
  directLabel?: string | null;
  isSuperAdmin: boolean;
  roleCodes?: string[] | null;
  /** The original client's spelling; `permissionCodes` carries the same list. */
  rermissionCodes?: string[] | null;
  permissionCodes?: string[] | null;
  /** The password was set by someone else: the shell shows only the change-password dialog until it is changed. */
  mustChangePassword?: boolean;
}

export function fetchLoginSettings(): Promise<LoginSettings> {
  return api.get('/login/initialize');
}

export function fetchUserInfo(): Promise<UserInfo> {
  return api.get('/user/info/view');
}

export function fetchRouteTree(): Promise<RouteNode[]> {
  return api.post('/menu/router');
}

export function logOut(): Promise<null> {
  return api.post('/login/logOut');
}
