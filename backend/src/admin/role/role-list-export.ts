import { inLang, type ExportColumns } from '../../common/list-export.js';
import type { RoleRow } from './role.dto.js';

/** The role list's columns an export may take (the keys of the web client's role list columns). */
export const ROLE_EXPORT_COLUMNS: ExportColumns<RoleRow> = {
  code: (r) => r.code,
  name: (r) => inLang([r.name, r.nameEn || r.name]),
  remark: (r) => r.remark,
  sort: (r) => r.sort,
  userCount: (r) => r.userCount,
};
