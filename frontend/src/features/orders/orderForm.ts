import dayjs, { type Dayjs } from 'dayjs';
import type { ShipType } from '@/features/ports';

/** Volumetric kilograms per cubic metre, as the server computes the chargeable weight (1:6000 air, 1:5000 sea). */
export const VOLUMETRIC_KG_PER_CBM: Record<ShipType, number> = { airtransport: 167, smallbag: 200, dedicatedline: 200 };

/** True when a number has at most `places` decimals (the server's maxDecimalPlaces). */
export function decimalsWithin(value: number, places: number): boolean {
  const text = String(value);
  if (text.includes('e')) return Number(value.toFixed(places)) === value;
  return (text.split('.')[1]?.length ?? 0) <= places;
}

/** Form values to a request body: pickers' dates become ISO times, empty inputs become null (clears on update). */
export function toBody<T extends object>(values: T): { [K in keyof T]: T[K] extends Dayjs | null | undefined ? string | null : T[K] } {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, dayjs.isDayjs(value) ? value.toISOString() : value === undefined || value === '' ? null : value]),
  ) as never;
}

