import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tableLabel, TABLE_NAMES } from './tableNames';

describe('the operation log’s table names', () => {
  it('names every table of the schema in business words, Chinese and English', () => {
    // the tests run in the frontend workspace (npm test -w frontend) or from the repository's root
    const file = ['../prisma/schema.prisma', 'prisma/schema.prisma'].map((relative) => path.resolve(process.cwd(), relative)).find(existsSync)!;
    const schema = readFileSync(file, 'utf8');
    const models = [...schema.matchAll(/^model (\w+) \{/gm)].map(([, name]) => name);
    expect(models.length).toBeGreaterThan(50);
    expect(models.filter((model) => !TABLE_NAMES[model])).toEqual([]);
  });

  it('shows 客户 / Customer for Customer, and an unknown table by its stored name', () => {
    expect(tableLabel('Customer', 'zh')).toBe('客户');
    expect(tableLabel('Order', 'en')).toBe('Order');
    expect(tableLabel('OrderCharge', 'zh')).toBe('订单费用');
    expect(tableLabel('Widget', 'zh')).toBe('Widget');
  });
});
