import { describe, expect, it } from 'vitest';
import { downloadName, priceLineOf } from './priceRules';

describe('price screens', () => {
  it('read the line from the route', () => {
    expect(priceLineOf('/price/smallbag')).toBe('smallbag');
    expect(priceLineOf('/price/airtransport/')).toBe('airtransport');
    expect(priceLineOf('/price/rail')).toBeNull();
  });
});

describe('download names', () => {
  it('prefers the exact UTF-8 name', () => {
    expect(downloadName(`attachment; filename="prices-smallbag-2026-01-01.xlsx"; filename*=UTF-8''%E4%BB%B7%E6%A0%BC.xlsx`)).toBe('价格.xlsx');
    expect(downloadName('attachment; filename="price-import-template.xlsx"')).toBe('price-import-template.xlsx');
    expect(downloadName(null)).toBeNull();
  });
});
