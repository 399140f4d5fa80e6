import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BellOutlined,
  BookOutlined,
  ContainerOutlined,
  DatabaseOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  HomeOutlined,
  InboxOutlined,
  LinkOutlined,
  QuestionCircleOutlined,
  RocketOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Menus name their icon by antd component name ("HomeOutlined"). Only the icons offered here are
 * bundled, not the whole library; a name not listed shows a neutral icon rather than none.
 */
const MENU_ICONS: Record<string, ComponentType> = {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BellOutlined,
  BookOutlined,
  ContainerOutlined,
  DatabaseOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  HomeOutlined,
  InboxOutlined,
  LinkOutlined,
  QuestionCircleOutlined,
  RocketOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
};

export function menuIcon(name: string | null | undefined) {
  if (!name) return undefined;
  const Icon = MENU_ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
