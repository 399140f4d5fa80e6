import type { MessageKey } from '../../common/messages.js';
import type { Tx } from '../../prisma/prisma.service.js';

/** A column that stores the values of one dictionary. */
export interface DictUsage {
  /** table and column as named in PostgreSQL (snake_case); put into SQL as identifiers, so never from input */
  readonly table: string;
  readonly column: string;
  /** what the column holds, in the business's words: shown in the bulk change report and in refusals */
  readonly label: MessageKey;
}

/**
 * Where the system stores each dictionary's values: the bulk value change rewrites these columns, and a
 * value (or a dictionary) that one of them still stores cannot be deleted or edited in place.
 *
 * An area that stores a dictionary value appends `{ table, column, label }` under the dictionary's code
 * (a seeded dictionary: dict-usages.spec.ts checks each code names one) and adds the label to `common/messages.ts`. The
 * table must be an editable record with `ver` and `updated_at`: the bulk change bumps both, so a form
 * opened before it gets 409 instead of writing the old value back. Index the column on a large table.
 * `test/dict.spec.ts` checks every entry names a real text column of such a table.
 */
export const DICT_USAGES = {
  duty: [{ table: 'app_user', column: 'duty', label: 'dictUsageStaffDuty' }],
  orgType: [{ table: 'org', column: 'type', label: 'dictUsageOrgType' }],
  customerSource: [{ table: 'customer', column: 'source', label: 'dictUsageCustomerSource' }],
  customerLevel: [{ table: 'customer', column: 'level', label: 'dictUsageCustomerLevel' }],
  currency: [
    { table: 'price', column: 'currency', label: 'dictUsagePriceCurrency' },
    { table: 'orders', column: 'currency', label: 'dictUsageOrderCurrency' },
    { table: 'order_charge', column: 'currency', label: 'dictUsageChargeCurrency' },
  ],
  expenseType: [{ table: 'order_charge', column: 'type', label: 'dictUsageChargeType' }],
} satisfies Readonly<Record<string, readonly DictUsage[]>>;

export function usagesOf(dictCode: string): readonly DictUsage[] {
  return (DICT_USAGES as Readonly<Partial<Record<string, readonly DictUsage[]>>>)[dictCode] ?? [];
}

type RawSql = Pick<Tx, '$queryRawUnsafe' | '$executeRawUnsafe'>;

const PLAIN_IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Quotes a registry identifier; anything but a plain snake_case name is a programming error. */
function identifier(name: string): string {
  if (!PLAIN_IDENTIFIER.test(name)) throw new Error(`dictionary usage names an unsafe SQL identifier: ${name}`);
  return `"${name}"`;
}

/** How many rows of the usage's table store one of `values`. */
export async function countStored(db: RawSql, usage: DictUsage, values: string[]): Promise<number> {
  if (!values.length) return 0;
  const rows = await db.$queryRawUnsafe<{ count: number }[]>(
    `select count(*)::int as count from ${identifier(usage.table)} where ${identifier(usage.column)} = any($1::text[])`,
    values,
  );
  return rows[0]?.count ?? 0;
}

/** The longest text the usage's column accepts, or null when unbounded. */
export async function maxLengthOf(db: RawSql, usage: DictUsage): Promise<number | null> {
  const rows = await db.$queryRawUnsafe<{ max: number | null }[]>(
    `select character_maximum_length as max from information_schema.columns
      where table_schema = current_schema() and table_name = $1 and column_name = $2`,
    usage.table,
    usage.column,
  );
  return rows[0]?.max ?? null;
}

/** Rewrites `oldValue` to `newValue` in the usage's column; answers the number of rows changed. */
export function replaceStored(db: RawSql, usage: DictUsage, oldValue: string, newValue: string): Promise<number> {
  const column = identifier(usage.column);
  return db.$executeRawUnsafe(
    `update ${identifier(usage.table)} set ${column} = $1, "ver" = "ver" + 1, "updated_at" = now() where ${column} = $2`,
    newValue,
    oldValue,
  );
}
