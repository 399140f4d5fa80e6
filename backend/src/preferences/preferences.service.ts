import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client.js';
import { FieldErrors } from '../common/app-error.js';
import { t } from '../common/messages.js';
import { PrismaService } from '../prisma/prisma.service.js';
import './preferences.messages.js';

export const PREFERENCE_NAME = /^[A-Za-z0-9._:-]{1,100}$/;
/** A list's arrangement with a dozen saved filters is ~3 KB; 16 KB leaves room and keeps a row small. */
export const PREFERENCE_MAX_BYTES = 16_384;
/** Names per user: one or two per list screen of the product (about sixty), with room to spare. */
export const PREFERENCE_MAX_COUNT = 300;

/** What GET answers: the stored value, or null when the user never saved one. */
export interface PreferenceValue {
  name: string;
  value: unknown;
  updatedAt: Date | null;
}

/**
 * A user's own arrangement of a screen (a list's columns, density and saved filters), kept per user and name
 * on the server so that it follows the user to another browser. Only the user reads and writes their own:
 * the user id always comes from the signed-in principal. Written through the base client, not `prisma.db`:
 * moving a column is no business change for the operation log.
 */
@Injectable()
export class PreferencesService {
  constructor(private readonly prisma: PrismaService) {}

  async get(userId: number, name: string): Promise<PreferenceValue> {
    checkName(name);
    const row = await this.prisma.base.userPreference.findUnique({ where: { userId_name: { userId, name } } });
    return { name, value: row?.value ?? null, updatedAt: row?.updatedAt ?? null };
  }

  async put(userId: number, name: string, value: unknown): Promise<PreferenceValue> {
    checkName(name);
    const size = Buffer.byteLength(JSON.stringify(value ?? null), 'utf8');
    if (size > PREFERENCE_MAX_BYTES) throw new FieldErrors({ value: [t('preferenceTooLarge', { max: PREFERENCE_MAX_BYTES })] });
    const where = { userId_name: { userId, name } };
    const exists = await this.prisma.base.userPreference.findUnique({ where, select: { id: true } });
    if (!exists && (await this.prisma.base.userPreference.count({ where: { userId } })) >= PREFERENCE_MAX_COUNT)
      throw new FieldErrors({ name: [t('preferenceTooMany', { max: PREFERENCE_MAX_COUNT })] });
    const json = value as Prisma.InputJsonValue;
    const row = await this.prisma.base.userPreference.upsert({ where, create: { userId, name, value: json }, update: { value: json } });
    return { name, value: row.value, updatedAt: row.updatedAt };
  }

  async remove(userId: number, name: string): Promise<null> {
    checkName(name);
    await this.prisma.base.userPreference.deleteMany({ where: { userId, name } });
    return null;
  }
}

function checkName(name: string) {
  if (!PREFERENCE_NAME.test(name)) throw new FieldErrors({ name: [t('preferenceNameInvalid', { max: 100 })] });
}
