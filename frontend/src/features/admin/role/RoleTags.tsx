import { Tag } from 'antd';
import { localized, useLanguage } from '@/shared/i18n';

/** A role as the server names it; `code` is kept for a tooltip, never shown as the label. */
export interface NamedRole {
  code: string;
  name: string;
  nameEn?: string | null;
}

/** Role tags show the role's name in the chosen language (English when the role has one). */
export function RoleTags({ roles, color }: { roles: readonly NamedRole[]; color?: string }) {
  const language = useLanguage();
  return roles.map((role) => (
    <Tag key={role.code} color={color} title={role.code}>
      {localized(language, role.name, role.nameEn)}
    </Tag>
  ));
}

/** Names roles held by code (a menu's role guard) from the role list; a code the list lacks stays a code. */
export function namedRoles(codes: readonly string[], known: readonly NamedRole[] | undefined): NamedRole[] {
  const byCode = new Map((known ?? []).map((role) => [role.code, role]));
  return codes.map((code) => byCode.get(code) ?? { code, name: code });
}
