import { SERIAL_RESET_WORDS } from '@forwarder/domain';
import { inLang, wordOf, type ExportColumns } from '../../common/list-export.js';
import type { SerialView } from './serial.service.js';

/** The serial numbers list's columns an export may take (the keys of the web client's serial list columns). */
export const SERIAL_EXPORT_COLUMNS: ExportColumns<SerialView> = {
  code: (r) => r.code,
  name: (r) => inLang([r.name, r.nameEn || r.name]),
  prefix: (r) => r.prefix,
  pattern: (r) => r.pattern,
  resetPolicy: (r) => wordOf(SERIAL_RESET_WORDS, r.resetPolicy),
  currentValue: (r) => r.currentValue,
  currentPeriod: (r) => r.currentPeriod,
  nextPreview: (r) => r.nextPreview,
  updatedAt: (r) => r.updatedAt,
};
