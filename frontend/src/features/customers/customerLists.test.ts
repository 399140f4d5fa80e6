import { describe, expect, it } from 'vitest';
import { customerListOf, detailActions, rowActions } from './customerLists';

const everything = () => true;
const row = { protected: false, lastOrderAt: null };

describe('customer lists', () => {
  it('reads the list from the route path', () => {
    expect(customerListOf('/customers/publicList')).toBe('publicList');
    expect(customerListOf('/customers/checkPendingList/')).toBe('checkPendingList');
    expect(customerListOf('/customers/add')).toBeNull();
  });

  it('offers review on the awaiting-review list only', () => {
    expect(rowActions('checkPendingList', row, everything)).toEqual(['check', 'edit', 'delete']);
    expect(rowActions('checkList', row, everything)).not.toContain('check');
  });

  it('offers protect or unprotect on approved lists by the row’s protection', () => {
    expect(rowActions('checkList', row, everything)).toEqual(['protect', 'edit', 'bindCode', 'release', 'delete']);
    expect(rowActions('protectedList', { ...row, protected: true }, everything)).toEqual(['unprotect', 'edit', 'bindCode', 'release', 'delete']);
  });

  it('offers releasing to the pool on the owned approved lists, to holders of customers:release only', () => {
    expect(rowActions('monthSixList', row, everything)).toContain('release');
    expect(rowActions('checkPendingList', row, everything)).not.toContain('release');
    expect(rowActions('checkList', row, (code) => code !== 'customers:release')).not.toContain('release');
  });

  it('offers only claiming in the public pool', () => {
    expect(rowActions('publicList', row, everything)).toEqual(['claim']);
  });

  it('hides what the user may not use, and deleting a customer that ordered', () => {
    const salesman = (code: string) => code !== 'customers:delete' && code !== 'customers:check';
    expect(rowActions('checkPendingList', row, salesman)).toEqual(['edit']);
    expect(rowActions('checkList', { ...row, lastOrderAt: '2026-01-01T00:00:00Z' }, everything)).not.toContain('delete');
  });

  it('offers review and release in the detail on the viewer’s own customers, or anyone’s with customers:all', () => {
    const salesman = { userId: 7, seesAll: false };
    const manager = { userId: 9, seesAll: true };
    expect(detailActions({ reviewStatus: 'pending', salesmanId: 7 }, salesman, everything)).toEqual(['check']);
    expect(detailActions({ reviewStatus: 'approved', salesmanId: 7 }, salesman, everything)).toEqual(['release']);
    expect(detailActions({ reviewStatus: 'approved', salesmanId: 8 }, salesman, everything)).toEqual([]);
    expect(detailActions({ reviewStatus: 'approved', salesmanId: 8 }, manager, everything)).toEqual(['release']);
    expect(detailActions({ reviewStatus: 'approved', salesmanId: null }, manager, everything)).toEqual([]);
    expect(detailActions({ reviewStatus: 'pending', salesmanId: 7 }, salesman, (code) => code !== 'customers:check')).toEqual([]);
  });
});
