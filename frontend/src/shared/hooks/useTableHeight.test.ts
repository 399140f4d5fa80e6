import { describe, expect, it } from 'vitest';
import { rowsOf, tableHeight } from './useTableHeight';

describe('the table height rule', () => {
  it('is the window height minus 291, minus 60 for each extra row of filters', () => {
    expect(tableHeight(900, 0)).toBe(900 - 291);
    expect(tableHeight(900, 1)).toBe(900 - 291 - 60);
    expect(tableHeight(1080, 2)).toBe(1080 - 291 - 120);
  });

  it('still leaves a few rows in a window too short for the rule', () => {
    expect(tableHeight(400, 2)).toBe(200);
  });

  it('counts the rows filters wrap onto by the distinct tops of their items', () => {
    expect(rowsOf([])).toBe(0);
    expect(rowsOf([0, 0, 0.4, 0])).toBe(1);
    expect(rowsOf([0, 0, 44, 44, 88])).toBe(3);
  });
});
