import dayjs, { type Dayjs } from 'dayjs';

/** Form values to a request body: pickers' dates become ISO times, empty inputs become null (clears on update). */
export function toBody<T extends object>(values: T): { [K in keyof T]: T[K] extends Dayjs | null | undefined ? string | null : T[K] } {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, dayjs.isDayjs(value) ? value.toISOString() : value === undefined || value === '' ? null : value]),
  ) as never;
}
