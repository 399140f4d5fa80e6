import { describe, expect, it } from 'vitest';
import { diffRows, leafText } from './jsonDiff';

describe('diffRows', () => {
  it('marks changed and unchanged fields of an update', () => {
    expect(diffRows({ id: 1, duty: '会计', ver: 1 }, { id: 1, duty: '财务会计', ver: 2 })).toEqual([
      { path: 'id', kind: 'same', before: 1, after: 1 },
      { path: 'duty', kind: 'changed', before: '会计', after: '财务会计' },
      { path: 'ver', kind: 'changed', before: 1, after: 2 },
    ]);
  });

  it('lists every field of a create as added and of a delete as removed', () => {
    expect(diffRows(null, { id: 7, title: 'x' })).toEqual([
      { path: 'id', kind: 'added', after: 7 },
      { path: 'title', kind: 'added', after: 'x' },
    ]);
    expect(diffRows({ id: 7 }, null)).toEqual([{ path: 'id', kind: 'removed', before: 7 }]);
  });

  it('tells a field the write did not report from a removed one', () => {
    expect(diffRows({ key: 'a', value: 1, label: '标题' }, { key: 'a', value: 2 })).toEqual([
      { path: 'key', kind: 'same', before: 'a', after: 'a' },
      { path: 'value', kind: 'changed', before: 1, after: 2 },
      { path: 'label', kind: 'unreported', before: '标题' },
    ]);
  });

  it('walks nested objects and arrays down to their leaves', () => {
    const rows = diffRows({ meta: { tags: ['a', 'b'] }, roleIds: [1] }, { meta: { tags: ['a'] }, roleIds: [1, 2] });
    expect(rows).toEqual([
      { path: 'meta.tags[0]', kind: 'same', before: 'a', after: 'a' },
      { path: 'meta.tags[1]', kind: 'removed', before: 'b' },
      { path: 'roleIds[0]', kind: 'same', before: 1, after: 1 },
      { path: 'roleIds[1]', kind: 'added', after: 2 },
    ]);
  });

  it('keeps null fields and empty containers as values', () => {
    expect(diffRows({ remark: null, ids: [] }, { remark: 'x', ids: [] })).toEqual([
      { path: 'remark', kind: 'changed', before: null, after: 'x' },
      { path: 'ids', kind: 'same', before: [], after: [] },
    ]);
  });

  it('compares bare values under an empty path', () => {
    expect(diffRows(3, 5)).toEqual([{ path: '', kind: 'changed', before: 3, after: 5 }]);
  });
});

describe('leafText', () => {
  it('shows strings bare and other values as JSON', () => {
    expect(leafText('会计')).toBe('会计');
    expect(leafText(null)).toBe('null');
    expect(leafText(true)).toBe('true');
    expect(leafText([])).toBe('[]');
    expect(leafText(undefined)).toBe('');
  });
});
