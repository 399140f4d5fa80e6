import { ENABLED_WORDS, ONLINE_WORDS } from '@forwarder/domain';
import { inLang, type ExportColumns } from '../../common/list-export.js';
import type { StaffRow } from './staff.dto.js';

/** The staff list's columns an export may take (the keys of the web client's staff list columns). */
export const STAFF_EXPORT_COLUMNS: ExportColumns<StaffRow> = {
  jobNo: (r) => r.jobNo,
  account: (r) => r.account,
  fullName: (r) => r.fullName,
  orgName: (r) => r.orgName,
  roles: (r) => r.roles.map((role) => inLang([role.name, role.nameEn || role.name])).join('、'),
  phone: (r) => r.phone,
  email: (r) => r.email,
  peerLabel: (r) => r.peerLabel,
  directLabel: (r) => r.directLabel,
  online: (r) => inLang(r.online ? ONLINE_WORDS.yes : ONLINE_WORDS.no),
  enabled: (r) => inLang(r.enabled ? ENABLED_WORDS.on : ENABLED_WORDS.off),
};
