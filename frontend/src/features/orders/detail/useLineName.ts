import { localized, useLanguage } from '@/shared/i18n';
import { useShipTypes } from '@/shared/orders/shipTypes';

/** The line's name as the server lists it (`enum/shipType`). */
export function useLineName(shipType: string): string {
  const language = useLanguage();
  const line = useShipTypes().data?.find((type) => type.value === shipType);
  return line ? localized(language, line.text, line.textEn) : shipType;
}
