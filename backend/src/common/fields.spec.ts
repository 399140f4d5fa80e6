import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync } from 'class-validator';
import {
  DecimalField,
  FUTURE_TOLERANCE_MS,
  INT4_MAX,
  IntField,
  isCalendarDay,
  IsContainerNo,
  IsDay,
  IsId,
  IsIdList,
  IsInstant,
  IsVer,
  NotInFuture,
} from './fields.js';
import { PageQueryDto } from './pagination.js';
import { IdPipe } from './params.js';
import { unstorableTextPath } from './validation.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

class Sample {
  @IsId() id!: number;
  @IsVer() ver!: number;
  @IsIdList('idInvalid', { min: 1, max: 3 }) ids!: number[];
  @DecimalField('validationFailed', 14, 2, { min: 0.01 }) amount!: number;
  @IntField('validationFailed', { min: 1, max: 99 }) count!: number;
  @IsInstant('validationFailed') at!: string;
  @IsDay('validationFailed') day!: string;
}
const VALID = { id: 1, ver: 1, ids: [1, INT4_MAX], amount: 999_999_999_999.99, count: 99, at: '2026-11-25T08:00:00+08:00', day: '2024-02-29' };
const faults = (patch: object) => validateSync(plainToInstance(Sample, { ...VALID, ...patch })).map((e) => e.property);

describe('shared field decorators', () => {
  it('accepts values that fit their columns', () => {
    expect(faults({})).toEqual([]);
  });

  it.each([
    ['an id beyond int4', { id: INT4_MAX + 1 }, 'id'],
    ['an id of 0', { id: 0 }, 'id'],
    ['a fractional id', { id: 1.5 }, 'id'],
    ['an id as a string', { id: '1' }, 'id'],
    ['a ver beyond int4', { ver: 2 ** 40 }, 'ver'],
    ['an id list with a huge id', { ids: [1, 2 ** 31] }, 'ids'],
    ['an id list with a negative id', { ids: [-1] }, 'ids'],
    ['a too long id list', { ids: [1, 2, 3, 4] }, 'ids'],
    ['an empty id list when one is required', { ids: [] }, 'ids'],
    ['an object for an id list', { ids: { 0: 1 } }, 'ids'],
    ['an amount past numeric(14, 2)', { amount: 1e12 }, 'amount'],
    ['an amount with three decimals', { amount: 1.005 }, 'amount'],
    ['an infinite amount', { amount: Infinity }, 'amount'],
    ['a count past its maximum', { count: 100 }, 'count'],
    ['an instant in year 0', { at: '0000-01-01T00:00:00Z' }, 'at'],
    ['an instant past 9999', { at: '+275760-09-13T00:00:00Z' }, 'at'],
    ['an impossible date', { at: '2024-02-30' }, 'at'],
    ['a day that does not exist', { day: '2023-02-29' }, 'day'],
    ['a day in year 0', { day: '0000-01-01' }, 'day'],
    ['a day with a time', { day: '2024-01-01T00:00:00Z' }, 'day'],
  ])('refuses %s', (_, patch, field) => {
    expect(faults(patch)).toEqual([field]);
  });

  it('tells calendar days from impossible ones', () => {
    expect(['2024-02-29', '0001-01-01', '9999-12-31'].map(isCalendarDay)).toEqual([true, true, true]);
    expect(['2023-02-29', '2024-04-31', '2024-13-01', '2024-1-1', 20240101].map(isCalendarDay)).toEqual([false, false, false, false, false]);
  });
});

describe('container numbers and times that have happened', () => {
  class Shipment {
    @IsContainerNo() containerNo!: string;
    @NotInFuture('orderFieldArrivedAt') arrivedAt?: string;
  }
  const check = (plain: object) => {
    const dto = plainToInstance(Shipment, { containerNo: 'CSQU3054383', ...plain });
    return { value: dto.containerNo, errors: Object.fromEntries(validateSync(dto).map((e) => [e.property, Object.values(e.constraints ?? {})])) };
  };

  it('takes a container number with the right check digit, upper-cased and without spaces or dashes', () => {
    expect(check({ containerNo: ' csqu 305438-3 ' })).toEqual({ value: 'CSQU3054383', errors: {} });
    expect(check({ containerNo: 'MSCU1234566' })).toEqual({ value: 'MSCU1234566', errors: {} });
  });

  it('says whether the shape or the check digit (naming the computed one) of a container number is wrong', () => {
    expect(check({ containerNo: 'CSQU3054384' }).errors).toEqual({ containerNo: ['集装箱号校验位错误：计算得到的校验位为 3'] });
    // 4 letters and 7 digits is the shape, whatever the category letter
    expect(check({ containerNo: 'CSQX3054383' }).errors).toEqual({ containerNo: ['集装箱号校验位错误：计算得到的校验位为 2'] });
    expect(check({ containerNo: 'CSQX3054382' }).errors).toEqual({ containerNo: ['柜号第 4 个字母是设备类别，应为 U、J 或 Z'] });
    for (const containerNo of ['CSQU305438', '1SQU3054383', '', 'CSQU30543831', 42, null, ['CSQU3054383']])
      expect(check({ containerNo }).errors).toEqual({ containerNo: ['柜号应为 4 个字母加 7 位数字（如 CSQU3054383）'] });
  });

  it('refuses a time that has happened when it lies beyond the tolerance ahead of now', () => {
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    expect(check({ arrivedAt: at(-86_400_000) }).errors).toEqual({});
    expect(check({ arrivedAt: at(FUTURE_TOLERANCE_MS - 60_000) }).errors).toEqual({});
    expect(check({ arrivedAt: at(FUTURE_TOLERANCE_MS + 60_000) }).errors).toEqual({ arrivedAt: ['到港时间不能晚于当前时间'] });
  });
});

describe('the path id pipe', () => {
  const pipe = new IdPipe('orderId');
  it('reads 1 to the int4 maximum', () => {
    expect(pipe.transform('1')).toBe(1);
    expect(pipe.transform(String(INT4_MAX))).toBe(INT4_MAX);
  });
  it.each(['0', '-1', '2147483648', '99999999999999999999', '1.5', '1e3', ' 1', '0x10', '', 'abc'])('refuses %j on its field', (value) => {
    expect(() => pipe.transform(value)).toThrow(expect.objectContaining({ fields: { orderId: ['编号无效'] } }));
  });
});

describe('paging fields', () => {
  const page = (plain: object) => {
    const query = plainToInstance(PageQueryDto, plain, { exposeUnsetFields: false });
    return { query: { pageIndex: query.pageIndex, pageSize: query.pageSize }, faults: validateSync(query).map((e) => e.property) };
  };
  it('takes null, empty and missing fields as the defaults', () => {
    for (const plain of [{}, { pageIndex: null, pageSize: null }, { pageIndex: '', pageSize: '' }])
      expect(page(plain)).toEqual({ query: { pageIndex: 1, pageSize: 20 }, faults: [] });
  });
  it('reads digits from a query string and numbers from a body', () => {
    expect(page({ pageIndex: '3', pageSize: 50 }).query).toEqual({ pageIndex: 3, pageSize: 50 });
  });
  it.each([
    ['a repeated parameter', ['1', '2']],
    ['an object', { a: 1 }],
    ['a fraction', 1.5],
    ['a huge number', '99999999999999999999'],
    ['zero', 0],
    ['true', true],
    ['an exponent', '1e3'],
  ])('refuses %s', (_, value) => {
    expect(page({ pageIndex: value, pageSize: value }).faults).toEqual(['pageIndex', 'pageSize']);
  });
  it('caps the page size', () => {
    expect(page({ pageSize: 201 }).faults).toEqual(['pageSize']);
  });
});

describe('text the database cannot store', () => {
  it('finds a NUL or a lone surrogate by its path, keys included', () => {
    expect(unstorableTextPath({ name: 'ok', items: [{ note: 'fine 😀' }, { note: 'a\u0000b' }] })).toBe('items.1.note');
    expect(unstorableTextPath({ list: ['x', '\ud800'] })).toBe('list.1');
    expect(unstorableTextPath({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(unstorableTextPath('\udc00', 'id')).toBe('id');
  });
  it('passes ordinary text, emoji and non-string values', () => {
    expect(unstorableTextPath({ a: '装箱单 😀', b: [1, null, true, { c: 'x' }] })).toBeUndefined();
  });
});

describe('every DTO of the server', () => {
  /** Each DTO field's rule names (isInt, max, …), read from class-validator's metadata once every *.dto.ts is loaded. */
  async function dtoRules() {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.dto.ts'));
    for (const file of files) await import(path.join(SRC, file));
    const storage = getMetadataStorage() as unknown as {
      validationMetadatas: Map<{ name: string }, { propertyName: string; name?: string; type: string; constraints: unknown[] }[]>;
    };
    const fields = new Map<string, { names: Set<string>; patterns: string[] }>();
    for (const [target, metas] of storage.validationMetadatas) {
      if (target === Sample) continue;
      for (const m of metas) {
        const key = `${target.name}.${m.propertyName}`;
        const field = fields.get(key) ?? { names: new Set<string>(), patterns: [] };
        field.names.add(m.name ?? m.type);
        if (m.name === 'matches') field.patterns.push(String(m.constraints[0]));
        fields.set(key, field);
      }
    }
    expect(files.length).toBeGreaterThan(15);
    return fields;
  }

  it('bounds every number, text and list it accepts', async () => {
    const unbounded: string[] = [];
    for (const [field, { names, patterns }] of await dtoRules()) {
      const has = (...n: string[]) => n.some((x) => names.has(x));
      // a pattern without + * or {n,}, or one that starts with a length lookahead, is as good as a length limit
      const boundedPattern = patterns.some((p) => !/(?<!\\)[+*]|\{\d+,\}/.test(p) || /^\/\^\(\?=\.\{\d+,\d+\}\$\)/.test(p));
      if (has('isInt', 'isNumber') && !(has('min') && has('max'))) unbounded.push(`${field}: number without min and max`);
      if (has('isString', 'matches', 'isNotEmpty') && !has('maxLength', 'isLength', 'isIn', 'isEmail') && !boundedPattern)
        unbounded.push(`${field}: text without a length limit`);
      if (has('isArray') && !has('arrayMaxSize')) unbounded.push(`${field}: list without a size limit`);
      if (has('isIso8601') && !has('instantInRange')) unbounded.push(`${field}: a date without a year range (use IsInstant)`);
    }
    expect(unbounded).toEqual([]);
  });
});
