import type { PortKind, ShipType } from '@forwarder/domain';
import { type PortOption, usePortOptions } from '@/features/ports';
import { localized, useLanguage } from '@/shared/i18n';

export function portLabel(port: PortOption, language: ReturnType<typeof useLanguage>): string {
  return `${port.code} ${localized(language, port.nameZh, port.nameEn)}`;
}

/**
 * Select props for the enabled ports of a line and kind. `current` is the port a saved price names: it
 * stays selectable (and readable) after it was disabled. `load: false` puts the request off (a list's
 * filters wait for its rows).
 */
export function usePortSelect(shipType: ShipType, kind: PortKind, current?: PortOption | null, load = true) {
  const language = useLanguage();
  const ports = usePortOptions(shipType, kind, load);
  const enabled = ports.data ?? [];
  const all = current && !enabled.some((port) => port.id === current.id) ? [current, ...enabled] : enabled;
  return { loading: ports.isFetching, options: all.map((port) => ({ value: port.id, label: portLabel(port, language) })) };
}
