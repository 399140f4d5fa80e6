import { describe, expect, it } from 'vitest';
import { resolvePage } from './pageRegistry';

describe('page registry', () => {
  it('finds the page file of every route key an area names', () => {
    expect(resolvePage('base/staff/list')).not.toBe(resolvePage('no/such/page'));
    expect(resolvePage('log/files')).not.toBe(resolvePage('no/such/page'));
  });
});
