import { Injectable } from '@nestjs/common';
import { AppError, FieldErrors } from '../../common/app-error.js';
import { t } from '../../common/messages.js';
import { Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../../prisma/prisma.service.js';
import { SETTINGS, type SettingChoice, type SettingKey } from '../../settings/settings.catalogue.js';
import { SettingsService } from '../../settings/settings.service.js';
import type { SettingView, UpdateSettingDto } from './deploy.dto.js';
import { isSettingKey, parseSettingValue } from './deploy.rules.js';

const STORED = { key: true, value: true, ver: true, updatedAt: true, updatedBy: true } as const satisfies Prisma.SystemSettingSelect;
type StoredSetting = Prisma.SystemSettingGetPayload<{ select: typeof STORED }>;

/**
 * The system parameters screen: every parameter of the catalogue with its current value. A change is
 * stored (the row is created on the first change), seen at once by this process and within the settings
 * cache time by the others; the operation log records it like any write.
 */
@Injectable()
export class DeployService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly settings: SettingsService,
  ) {}

  async list(): Promise<SettingView[]> {
    const rows = await this.prisma.db.systemSetting.findMany({ where: { key: { in: Object.keys(SETTINGS) } }, select: STORED });
    const stored = new Map(rows.map((row) => [row.key, row]));
    return (Object.keys(SETTINGS) as SettingKey[]).map((key) => view(key, stored.get(key)));
  }

  /** Optimistic locking: the caller sends the ver it read, or none while the parameter had its default. */
  async update(dto: UpdateSettingDto, userId: number): Promise<SettingView> {
    if (!isSettingKey(dto.key)) throw new FieldErrors({ key: [t('settingUnknown', { key: dto.key })] });
    const key = dto.key;
    const value = parseSettingValue(key, dto.value);
    const def = SETTINGS[key];
    try {
      const row =
        dto.ver == null
          ? await this.prisma.db.systemSetting.create({
              data: { key, value, valueType: def.type, groupName: def.group, label: def.label, labelEn: def.labelEn, updatedBy: userId },
              select: STORED,
            })
          : await this.prisma.db.systemSetting.update({
              where: { key, ver: dto.ver },
              data: { value, valueType: def.type, groupName: def.group, label: def.label, labelEn: def.labelEn, updatedBy: userId, ver: { increment: 1 } },
              select: STORED,
            });
      return view(key, row);
    } catch (error) {
      // P2002: someone stored it first; P2025: changed or reset since it was read.
      if (error instanceof Prisma.PrismaClientKnownRequestError && ['P2002', 'P2025'].includes(error.code)) throw AppError.staleVersion();
      throw error;
    } finally {
      this.settings.invalidate();
    }
  }

  /** Back to the default: the stored value is removed, so a later change of the default applies. */
  async reset(key: string): Promise<SettingView> {
    if (!isSettingKey(key)) throw AppError.badRequest('settingUnknown', { key });
    if (await this.prisma.db.systemSetting.count({ where: { key } })) {
      await this.prisma.db.systemSetting.delete({ where: { key } });
      this.settings.invalidate();
    }
    return view(key, undefined);
  }
}

/** A list parameter's fixed choices, when it has them. */
function choicesOf(key: SettingKey): Pick<SettingView, 'choices'> {
  const choices = (SETTINGS[key] as { choices?: readonly SettingChoice[] }).choices;
  return choices ? { choices: [...choices] } : {};
}

function view(key: SettingKey, row: StoredSetting | undefined): SettingView {
  const def = SETTINGS[key];
  return {
    key,
    value: row ? row.value : def.default,
    default: def.default,
    type: def.type,
    group: def.group,
    label: def.label,
    labelEn: def.labelEn,
    ...choicesOf(key),
    stored: !!row,
    ver: row?.ver ?? null,
    updatedAt: row?.updatedAt ?? null,
    updatedBy: row?.updatedBy ?? null,
  };
}
