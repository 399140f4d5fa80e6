import { inLang, type ExportColumns } from '../../common/list-export.js';
import type { DictTypeView } from './dict.dto.js';

/** The dictionary list's columns an export may take (the keys of the web client's dictionary list columns). */
export const DICT_EXPORT_COLUMNS: ExportColumns<DictTypeView> = {
  dictCode: (r) => r.dictCode,
  dictName: (r) => inLang([r.dictName, r.dictNameEn || r.dictName]),
  classify: (r) => r.classify,
  remark: (r) => r.remark,
};
