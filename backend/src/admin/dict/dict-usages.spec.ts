import { DICT_SEEDS } from '../../seed/roles.js';
import { countStored, DICT_USAGES, replaceStored, type DictUsage } from './dict-usages.js';

function recordingDb() {
  const calls: { sql: string; params: unknown[] }[] = [];
  const db = {
    $queryRawUnsafe: async (sql: string, ...params: unknown[]) => {
      calls.push({ sql, params });
      return [{ count: 2 }];
    },
    $executeRawUnsafe: async (sql: string, ...params: unknown[]) => {
      calls.push({ sql, params });
      return 3;
    },
  };
  return { db: db as unknown as Parameters<typeof replaceStored>[0], calls };
}

describe('dictionary usage registry', () => {
  it('names only seeded dictionaries, whose codes every installation has', () => {
    const seeded: string[] = DICT_SEEDS.map((dict) => dict.dictCode);
    expect(Object.keys(DICT_USAGES).filter((code) => !seeded.includes(code))).toEqual([]);
  });

  it('names only plain snake_case tables and columns', () => {
    for (const usage of Object.values(DICT_USAGES).flat()) {
      expect(usage.table).toMatch(/^[a-z_][a-z0-9_]*$/);
      expect(usage.column).toMatch(/^[a-z_][a-z0-9_]*$/);
    }
  });

  it('passes values as parameters and quotes the registry identifiers', async () => {
    const { db, calls } = recordingDb();
    const usage: DictUsage = { table: 'app_user', column: 'duty', label: 'dictUsageStaffDuty' };
    expect(await replaceStored(db, usage, "会计'; drop table app_user; --", '财务会计')).toBe(3);
    expect(await countStored(db, usage, ['会计'])).toBe(2);
    expect(calls[0]).toEqual({
      sql: 'update "app_user" set "duty" = $1, "ver" = "ver" + 1, "updated_at" = now() where "duty" = $2',
      params: ['财务会计', "会计'; drop table app_user; --"],
    });
    expect(calls[1].params).toEqual([['会计']]);
  });

  it('refuses an identifier that is not a plain name', async () => {
    const { db, calls } = recordingDb();
    const unsafe: DictUsage = { table: 'app_user"; drop table org; --', column: 'duty', label: 'dictUsageStaffDuty' };
    expect(() => replaceStored(db, unsafe, 'a', 'b')).toThrow(/unsafe SQL identifier/);
    expect(calls).toEqual([]);
  });
});
