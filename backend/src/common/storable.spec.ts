import { Prisma } from '../generated/prisma/client.js';
import { JSON_DEPTH, storableInt, storableJson, storableText } from './storable.js';

describe('storableText', () => {
  it('escapes NUL so PostgreSQL takes the text and the log still shows it', () => {
    expect(storableText('a\u0000b', 100)).toBe('a\\u0000b');
  });

  it('replaces lone surrogates (invalid UTF-16) and keeps valid pairs', () => {
    expect(storableText('x\uD800y\uDC00z', 100)).toBe('x\uFFFDy\uFFFDz');
    expect(storableText('😀', 100)).toBe('😀');
  });

  it('cuts overlong text to the column size, marking the cut, without splitting a surrogate pair', () => {
    expect(storableText('abcdef', 4)).toBe('abc…');
    const cut = storableText('ab😀cd', 4)!;
    expect(cut).toBe('ab…');
    expect(cut.length).toBeLessThanOrEqual(4);
  });

  it('answers null for null and undefined, text for anything else', () => {
    expect(storableText(undefined, 10)).toBeNull();
    expect(storableText(null, 10)).toBeNull();
    expect(storableText(42, 10)).toBe('42');
  });
});

describe('storableInt', () => {
  it('keeps 32-bit integers only', () => {
    expect(storableInt(7)).toBe(7);
    expect(storableInt(2 ** 31)).toBeNull();
    expect(storableInt(1.5)).toBeNull();
    expect(storableInt('7')).toBeNull();
    expect(storableInt(undefined)).toBeNull();
  });
});

describe('storableJson', () => {
  const parsed = (value: unknown) => JSON.parse(storableJson(value)!);

  it('escapes NUL and lone surrogates in values and member names, at any depth', () => {
    expect(parsed({ 'k\u0000': ['v\u0000', { deep: 'x\uDFFF' }] })).toEqual({ 'k\\u0000': ['v\\u0000', { deep: 'x\uFFFD' }] });
    // the JSON escape of NUL, which jsonb refuses, is not in the text (only an escaped backslash before u0000)
    expect(storableJson({ a: 'b\u0000' })).not.toMatch(/(^|[^\\])\\u0000/);
  });

  it('writes dates, decimals, bigints and binary data as text', () => {
    expect(parsed({ at: new Date('2026-01-02T03:04:05Z'), amount: new Prisma.Decimal('12.50'), id: 10n, file: Buffer.from('abc') })).toEqual({
      at: '2026-01-02T03:04:05.000Z',
      amount: '12.5',
      id: '10',
      file: '[3 bytes]',
    });
  });

  it('bounds depth, list length and string length', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 50; i++) deep = { down: deep };
    let depth = 0;
    for (let node = parsed(deep); typeof node === 'object'; node = node.down) depth++;
    expect(depth).toBe(JSON_DEPTH);
    const list = parsed(Array.from({ length: 1000 }, (_, i) => i));
    expect(list).toHaveLength(201);
    expect(list[200]).toBe('[… 800 more]');
    expect(parsed({ s: 'x'.repeat(10_000) }).s).toHaveLength(2000);
  });

  it('replaces a value whose text is too long by a preview of it', () => {
    const big = parsed(Array.from({ length: 100 }, () => 'y'.repeat(1500)));
    expect(big).toMatchObject({ truncated: true });
    expect(big.preview.length).toBeLessThanOrEqual(4000);
  });

  it('survives a value that refers to itself', () => {
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    expect(parsed(loop).name).toBe('loop');
  });

  it('answers null for null and undefined', () => {
    expect(storableJson(undefined)).toBeNull();
    expect(storableJson(null)).toBeNull();
  });
});
