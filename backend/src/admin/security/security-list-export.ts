import { ACCESS_WORDS } from '@forwarder/domain';
import { inLang, wordOf, type ExportColumns } from '../../common/list-export.js';
import type { SecurityRow } from './security.service.js';

/** The 接口权限 list's columns an export may take: each code with its name and the roles holding it. */
export const SECURITY_EXPORT_COLUMNS: ExportColumns<SecurityRow> = {
  method: (r) => r.method,
  path: (r) => r.path,
  handler: (r) => r.handler,
  access: (r) => wordOf(ACCESS_WORDS, r.access),
  note: (r) => r.note,
  permissions: (r) =>
    r.permissions
      .map(
        (p) =>
          `${p.code} ${inLang([p.name, p.nameEn])}${p.roles.length ? `：${p.roles.map((role) => inLang([role.name, role.nameEn || role.name])).join('、')}` : ''}`,
      )
      .join('\n'),
};
