import { ListExportOf } from '../../common/list-export.js';
import { StaffListQueryDto } from './staff.dto.js';

/** 导出当前列表 of the staff list: its filters and the columns the user sees (user/list/export). */
export class StaffListExportDto extends ListExportOf(StaffListQueryDto) {}
