import type { SettingType } from '@forwarder/domain';
import { IsDefined, IsOptional, Length } from 'class-validator';
import { IsVer } from '../../common/fields.js';
import { PageQueryDto } from '../../common/pagination.js';
import { t } from '../../common/messages.js';
import type { SettingChoice, SettingKey } from '../../settings/settings.catalogue.js';

export class UpdateSettingDto {
  @Length(1, 100, { message: () => t('settingKeyRequired') })
  key: string;

  /** Checked against the catalogue type of `key` by the service (the type depends on the key). */
  @IsDefined({ message: () => t('settingValueRequired') })
  value: unknown;

  /** The ver the screen read; absent (or null) while the parameter still has its default. */
  @IsOptional()
  @IsVer()
  ver?: number | null;
}

export interface SettingView {
  key: SettingKey;
  value: unknown;
  default: unknown;
  type: SettingType;
  group: string;
  label: string;
  labelEn: string;
  /** a list's only values, to pick from (absent: any text) */
  choices?: SettingChoice[];
  /** whether a value is stored (otherwise the default applies) */
  stored: boolean;
  ver: number | null;
  updatedAt: Date | null;
  updatedBy: number | null;
}

/** A page of the backup archives (no filters: they are listed newest first). */
export class BackupListQueryDto extends PageQueryDto {}
