import { Injectable } from '@nestjs/common';
import { ClusterBus } from '../cluster/cluster-bus.js';
import { ReadCache } from '../common/read-cache.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { INSTALL_MODE_KEY, installModeOf, type InstallMode } from './install-mode.js';
import { SETTINGS, type SettingKey, type SettingValue } from './settings.catalogue.js';

const CACHE_MS = 10_000;

/**
 * Reads system parameters with a short cache. A change made on the settings screen is seen at once by the
 * process that made it and, through the ClusterBus, by the installation's other processes; should a
 * message be lost, within CACHE_MS.
 */
@Injectable()
export class SettingsService {
  private readonly cache = new ReadCache<'values', Map<string, unknown>>(CACHE_MS);

  constructor(
    private readonly prisma: PrismaService,
    private readonly bus: ClusterBus,
  ) {
    bus.on('settings', () => this.cache.clear());
  }

  async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    const values = await this.load();
    return (values.has(key) ? values.get(key) : SETTINGS[key].default) as SettingValue<K>;
  }

  /** The installation's mode (install-mode.ts): stored by the seed, else the environment's. */
  async installMode(): Promise<InstallMode> {
    return installModeOf((await this.load()).get(INSTALL_MODE_KEY));
  }

  /** Drops the cached parameters in every process. */
  invalidate() {
    void this.bus.broadcast('settings', {});
  }

  private load(): Promise<Map<string, unknown>> {
    return this.cache.get('values', async () => {
      const rows = await this.prisma.db.systemSetting.findMany({ select: { key: true, value: true } });
      return new Map<string, unknown>(rows.map((row) => [row.key, row.value]));
    });
  }
}
