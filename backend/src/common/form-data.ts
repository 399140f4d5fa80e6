/**
 * The fields `keys` of a form as a record's data, in that order, each left out (undefined) as null: an
 * edit sends the whole form, so an optional field it leaves out is cleared.
 */
export function orNull<T extends object, K extends keyof T>(form: T, ...keys: K[]): { [P in K]-?: Exclude<T[P], undefined> | null } {
  return Object.fromEntries(keys.map((key) => [key, form[key] ?? null])) as { [P in K]-?: Exclude<T[P], undefined> | null };
}

/** The fields `keys` of a form as a record's data, in that order, as sent (a field left out, undefined, leaves its column as it is). */
export function pick<T extends object, K extends keyof T>(form: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, form[key]])) as Pick<T, K>;
}
