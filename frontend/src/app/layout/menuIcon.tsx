// Only the icons named below are bundled: the bundler keeps the members read from the namespace.
import * as icons from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Menus name their icon by antd component name ("HomeOutlined"). Only the icons offered here are
 * bundled, not the whole library; a name not listed shows a neutral icon rather than none.
 */
const MENU_ICONS: Record<string, ComponentType> = {
  AccountBookOutlined: icons.AccountBookOutlined,
  ApartmentOutlined: icons.ApartmentOutlined,
  AppstoreOutlined: icons.AppstoreOutlined,
  BellOutlined: icons.BellOutlined,
  BookOutlined: icons.BookOutlined,
  CheckSquareOutlined: icons.CheckSquareOutlined,
  ContainerOutlined: icons.ContainerOutlined,
  DatabaseOutlined: icons.DatabaseOutlined,
  DollarOutlined: icons.DollarOutlined,
  EnvironmentOutlined: icons.EnvironmentOutlined,
  FileSearchOutlined: icons.FileSearchOutlined,
  FileTextOutlined: icons.FileTextOutlined,
  HomeOutlined: icons.HomeOutlined,
  InboxOutlined: icons.InboxOutlined,
  LinkOutlined: icons.LinkOutlined,
  QuestionCircleOutlined: icons.QuestionCircleOutlined,
  RocketOutlined: icons.RocketOutlined,
  SafetyOutlined: icons.SafetyOutlined,
  SettingOutlined: icons.SettingOutlined,
  TeamOutlined: icons.TeamOutlined,
  UserOutlined: icons.UserOutlined,
};

export function menuIcon(name: string | null | undefined) {
  if (!name) return undefined;
  const Icon = MENU_ICONS[name] ?? icons.AppstoreOutlined;
  return <Icon />;
}
