import { ENABLED_WORDS } from '@forwarder/domain';
import { inLang, type ExportColumns } from '../common/list-export.js';
import type { PortView } from './ports.dto.js';

/** The port lists' columns an export may take (the keys of the web client's port list columns). */
export const PORT_EXPORT_COLUMNS: ExportColumns<PortView> = {
  code: (r) => r.code,
  nameZh: (r) => r.nameZh,
  nameEn: (r) => r.nameEn,
  country: (r) => r.country,
  city: (r) => r.city,
  sort: (r) => r.sort,
  enabled: (r) => inLang(r.enabled ? ENABLED_WORDS.on : ENABLED_WORDS.off),
  updatedAt: (r) => r.updatedAt,
};
