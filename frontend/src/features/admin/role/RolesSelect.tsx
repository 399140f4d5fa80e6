import { Select, type SelectProps } from 'antd';
import { localized, useLanguage } from '@/shared/i18n';
import { useRoleOptions } from './api';

type RolesSelectProps = Omit<SelectProps<number[]>, 'mode' | 'loading' | 'showSearch' | 'options'> & {
  /** false where the user may not list the roles (role:list) */
  enabled?: boolean;
};

/** Picks roles by id among all the roles, named in the current language and searched by name; a form field's control. */
export function RolesSelect({ enabled = true, ...select }: RolesSelectProps) {
  const language = useLanguage();
  const roles = useRoleOptions(enabled);
  return (
    <Select
      mode="multiple"
      loading={roles.isFetching}
      showSearch={{ optionFilterProp: 'label' }}
      options={roles.data?.map((role) => ({ value: role.id, label: localized(language, role.name, role.nameEn) }))}
      {...select}
    />
  );
}
