import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service.js';
import { SETTINGS, type SettingKey, type SettingValue } from './settings.catalogue.js';

const CACHE_MS = 10_000;

/**
 * Reads system parameters with a short cache: a change made on the settings screen is seen by every
 * process within CACHE_MS, and at once by the process that made it (`invalidate`).
 */
@Injectable()
export class SettingsService {
  private cache?: { at: number; values: Map<string, unknown> };

  constructor(private readonly prisma: PrismaService) {}

  async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    const values = await this.load();
    return (values.has(key) ? values.get(key) : SETTINGS[key].default) as SettingValue<K>;
  }

  invalidate() {
    this.cache = undefined;
  }

  private async load(): Promise<Map<string, unknown>> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.values;
    const rows = await this.prisma.db.systemSetting.findMany({ select: { key: true, value: true } });
    const values = new Map<string, unknown>(rows.map((row) => [row.key, row.value]));
    this.cache = { at: Date.now(), values };
    return values;
  }
}
